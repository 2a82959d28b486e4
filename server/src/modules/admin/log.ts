import { sql, type Db } from '../../db/index.js';

/** Records an operator action; every xs write route calls this. */
export async function logOperatorAction(db: Db, operatorId: string, action: string, target: string, detail: Record<string, unknown> = {}) {
  await db.execute(sql`insert into operator_log (operator_id, action, target, detail) values (${operatorId}, ${action}, ${target}, ${JSON.stringify(detail)}::jsonb)`);
}
