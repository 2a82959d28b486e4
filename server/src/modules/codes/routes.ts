import type { FastifyReply, FastifyRequest } from 'fastify';
import { codesApi } from '@zp/core/contract';
import { handle } from '../../http/route.js';
import type { Module } from '../order.js';
import { CODES_CHANGED, codeSnapshot, invalidateCodes, seedCodeTables } from './store.js';



/**
 * Browsers and the site may reuse a table for a minute, then revalidate with If-None-Match and
 * get a body-less 304 while nothing changed. Code tables change rarely (operator edits).
 */
const CACHE_CONTROL = 'public, max-age=60';

type Key = keyof typeof codesApi;

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

const codes: Module = {
  name: 'codes',
  dependencies: [],
  async register(app, s) {
    await seedCodeTables(s.db, s.log);
    const unsubscribe = await s.bus.subscribe(CODES_CHANGED, () => invalidateCodes(s.db));
    s.onClose(unsubscribe);

    const keyOfUrl = new Map<string, Key>((Object.keys(codesApi) as Key[]).map((k) => [codesApi[k].url, k]));
    await app.register(async (scope) => {
      // Answer a matching If-None-Match before the handler builds and serialises the body.
      scope.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
        const key = keyOfUrl.get(req.routeOptions.url ?? '');
        if (!key) return;
        const { etag } = (await codeSnapshot(s.db)).replies[key];
        if (matches(req.headers['if-none-match'], etag)) {
          return reply.code(304).header('etag', etag).header('cache-control', CACHE_CONTROL).send();
        }
      });
      for (const key of keyOfUrl.values()) {
        handle(scope, s, codesApi[key], async ({ reply }) => {
          const { body, etag } = (await codeSnapshot(s.db)).replies[key];
          reply.header('etag', etag).header('cache-control', CACHE_CONTROL);
          return body;
        });
      }
    });
  },
};
export default codes;
