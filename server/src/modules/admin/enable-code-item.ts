/** The operator withdraws an item of a code table or brings it back; logged. */
import type { Services } from '../../services.js';
import { disableCodeItem } from '../codes/public.js';
import { logOperatorAction } from './repo.js';

export async function enableCodeItem(s: Services, operatorId: string, body: { table: string; dm: string; sfqy: number }) {
  await disableCodeItem(s, body.table, body.dm, body.sfqy === 0);
  await logOperatorAction(s.db, operatorId, body.sfqy ? 'codes.enable' : 'codes.disable', `${body.table}/${body.dm}`);
}
