import { identityApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import { forbidden, notFound } from '../../http/reply.js';
import { one, sql } from '../../db/index.js';
import type { Module } from '../index.js';
import { fileUrl } from './urls.js';

const files: Module = {
  name: 'files',
  register(app, s) {
    handle(app, s, identityApi.seekerFile, async ({ user, params }) => {
      const f = await one<{ owner_id: string | null; storage_key: string; private: boolean }>(
        s.db,
        sql`select owner_id::text as owner_id, storage_key, private from files where id = ${params.id} and deleted_at is null`,
      );
      if (!f) throw notFound('文件不存在');
      if (f.private && f.owner_id !== user.id) throw forbidden('无权查看该文件');
      return { fileUrl: fileUrl(s.config, f.storage_key) };
    });
  },
};
export default files;
