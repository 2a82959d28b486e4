/** The operator adds an item to a code table or edits one; logged with what it was. */
import type { Services } from '../../services.js';
import { listCodeTable, upsertCodeItem, type CodeRow } from '../codes/public.js';
import { logOperatorAction } from './repo.js';

/** A code item as the console shows it and the log records it. */
export const item = (r: CodeRow) => ({ dm: r.code, mc: r.name, sjdm: r.parent ?? '', px: r.sort, sfqy: r.enabled ? 1 : 0 });

/** The item as saved, and whether it existed before. */
export async function saveCodeItem(s: Services, operatorId: string, body: { table: string; dm: string; mc: string; sjdm?: string; px?: number }) {
  const before = (await listCodeTable(s.db, body.table)).find((r) => r.code === body.dm) ?? null;
  const row = await upsertCodeItem(s, body.table, { code: body.dm, name: body.mc, parent: body.sjdm || null, sort: body.px });
  await logOperatorAction(s.db, operatorId, before ? 'codes.update' : 'codes.add', `${body.table}/${body.dm}`, {
    before: before ? item(before) : null,
    after: item(row),
  });
  return { row, existed: !!before };
}
