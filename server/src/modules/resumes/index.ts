import { identityApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { one, sql } from '../../db/index.js';
import type { Module } from '../index.js';

const resumes: Module = {
  name: 'resumes',
  register(app, s) {
    handle(app, s, identityApi.seekerBase, async ({ user }) => {
      const p = await one<{ qzbsid: string; wsd: number; xm: string; phone: string; xbm: string; txid: string; qzzt: string }>(
        s.db,
        sql`select p.user_id::text as qzbsid, p.completeness::int as wsd, p.name as xm, u.phone, p.gender as xbm,
                   coalesce(p.avatar_file_id::text, '') as txid, p.seeking_state as qzzt
            from seeker_profiles p join users u on u.id = p.user_id where p.user_id = ${user.id}`,
      );
      return { qzGrjbxxBase: p ?? null };
    });
  },
};
export default resumes;
