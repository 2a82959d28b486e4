/** A partner's site for journeys: a page of e2e/fixtures served on another origin, listed by the operator. */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { baseUrl, demo } from './harness.js';
import { apiCall, apiLogin } from './api.js';
import { E2E_DIR } from './env.js';

/** A fixture page (e2e/fixtures/<name>) with {{PLATFORM}} replaced by the product's origin. */
export const partnerFixture = (name: string) => fs.readFileSync(path.join(E2E_DIR, 'fixtures', name), 'utf8').replaceAll('{{PLATFORM}}', baseUrl());

export interface PartnerServer {
  /** http://localhost:<port>: against the platform's 127.0.0.1 another origin as well as another port */
  origin: string;
  close(): Promise<void>;
}

/** Serves `page(url)` as HTML on a free port of its own. */
export async function servePartner(page: (url: string) => string): Promise<PartnerServer> {
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(page(req.url ?? '/'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The operator lists `origin` as a partner site (运营后台 › 合作网站), as the console does: only listed origins may embed. */
export async function listPartner(origin: string, name: string, contact: string): Promise<void> {
  const operator = await apiLogin('xs', demo.operator.phone, demo.password);
  await apiCall('/api/xs/admin/partner/save', { token: operator, body: { mc: name, origin, lxr: contact, sfqy: 1 } });
}
