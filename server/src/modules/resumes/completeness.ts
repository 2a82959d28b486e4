/**
 * 简历完成度 with what it still lacks: each part not filled, the points it would add and where on
 * the résumé page it is filled in (the contract's completenessGaps), from the same conditions as
 * the stored wsd (COMPLETENESS_CONDITIONS).
 */
import type { FastifyInstance } from 'fastify';
import { COMPLETENESS_WEIGHTS, completenessApi, completenessGaps, type CompletenessPart } from '@zp/core/contract';
import { one, sql } from '../../db/index.js';
import { handle } from '../../http/route.js';
import type { Services } from '../../services.js';
import { COMPLETENESS_CONDITIONS } from './public.js';

const PARTS = Object.keys(COMPLETENESS_WEIGHTS) as CompletenessPart[];
/** One boolean column per part, named after it; built from constants only. */
const FILLED_SQL = PARTS.map((k) => `(${COMPLETENESS_CONDITIONS[k]}) as "${k}"`).join(', ');

export function registerCompleteness(app: FastifyInstance, s: Services): void {
  handle(app, s, completenessApi.gaps, async ({ user }) => {
    const r = await one<Record<CompletenessPart, boolean> & { wsd: number }>(
      s.db,
      sql`select p.completeness::int as wsd, ${sql.raw(FILLED_SQL)} from seeker_profiles p where p.user_id = ${user.id}`,
    );
    if (!r) return { wsd: 0, missing: completenessGaps(Object.fromEntries(PARTS.map((k) => [k, false])) as Record<CompletenessPart, boolean>) };
    const { wsd, ...filled } = r;
    return { wsd, missing: completenessGaps(filled) };
  });
}
