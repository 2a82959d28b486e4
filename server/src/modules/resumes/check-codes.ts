/** The one check for code fields of a résumé: each must name an item of its table ('' means not chosen). */
import type { Db } from '../../db/index.js';
import { badRequest } from '../../http/reply.js';
import { isValidCode, type CodeTable } from '../codes/public.js';

export async function checkCodes(db: Db, checks: [table: string, value: unknown, label: string][]): Promise<void> {
  for (const [table, value, label] of checks) {
    if (typeof value !== 'string' || value === '') continue;
    if (!(await isValidCode(db, table as CodeTable, value))) throw badRequest(`${label}(${value}) 不是有效的选项`);
  }
}
