import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { normaliseOrigin, OriginPolicy } from './origins.js';

const req = (host: string, protocol = 'http') => ({ host, protocol, headers: {} }) as unknown as FastifyRequest;

describe('origins', () => {
  it('normalises web origins and refuses anything else', () => {
    expect(normaliseOrigin('HTTPS://Career.Example.EDU:443/')).toBe('https://career.example.edu');
    expect(normaliseOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(normaliseOrigin('http://[::1]:3000')).toBe('http://[::1]:3000');
    // a Chinese domain as browsers send it in the Origin header (punycode)
    expect(normaliseOrigin('https://例子.中国')).toBe('https://xn--fsqu00a.xn--fiqs8s');
    for (const bad of ['', 'null', 'career.example.edu', 'https://a.edu/x', 'https://a.edu?x', 'https://a.edu#x', 'https://u@a.edu', 'https://*.a.edu', 'ftp://a.edu', 'https://a..edu', 'https://a edu', 'javascript:alert(1)']) {
      expect(normaliseOrigin(bad), bad).toBeNull();
    }
  });

  it("the platform's own origin: the request's host (any scheme, behind a TLS proxy) or PUBLIC_URL", () => {
    const policy = new OriginPolicy({ corsOrigins: ['https://portal.example.org'], publicUrl: 'https://zp.example.com/' });
    expect(policy.isOwn(req('zp.internal:3000'), 'https://zp.example.com')).toBe(true);
    expect(policy.isOwn(req('zp.example.com'), 'https://zp.example.com')).toBe(true);
    expect(policy.isOwn(req('127.0.0.1:3000'), 'http://127.0.0.1:3000')).toBe(true);
    expect(policy.isOwn(req('127.0.0.1:3000'), 'http://localhost:3000')).toBe(false);
    expect(policy.isOwn(req('127.0.0.1:3000'), 'http://127.0.0.1:3001')).toBe(false);
    expect(policy.isPartner('https://portal.example.org')).toBe(true);
    policy.setPartners([{ origin: 'https://career.example.edu', name: '某大学' }]);
    expect(policy.isPartner('https://career.example.edu')).toBe(true);
    expect(policy.nameOf('https://career.example.edu')).toBe('某大学');
    expect(policy.nameOf('https://portal.example.org')).toBe('');
    expect(policy.nameOf('https://evil.example.com')).toBeNull();
    policy.setPartners([]);
    expect(policy.isPartner('https://career.example.edu')).toBe(false);
  });
});
