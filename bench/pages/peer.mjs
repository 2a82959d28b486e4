// The peer of the page load test: a bare Fastify route answering one fixed string (the home
// page's HTML as the product served it), on the Fastify the server itself uses. What the same
// machine, the same HTTP stack and the same load generator reach with no rendering, no cache and
// no database: the ceiling the product is measured against.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(path.join(import.meta.dirname, '..', '..', 'server', 'package.json'));
const Fastify = require('fastify');
const body = fs.readFileSync(process.env.PEER_BODY_FILE ?? '/dev/null', 'utf8') || '<!doctype html><title>peer</title>';

const app = Fastify({ logger: false });
app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('listening');
