import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';

/** Serves the built Astro site under /zppc/ (filled in with the site). */
export async function mountSite(app: FastifyInstance, services: Services) {
  app.get('/', async (_req, reply) => reply.redirect('/zppc/'));
  void services;
}
