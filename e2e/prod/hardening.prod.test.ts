import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';

/*
 * Issue #43 item 12: the production topology probed through the edge like the shop — purges only
 * from the APIs' address, no personal answer kept, the shop's security headers and a fresh nonce
 * per answer, body limits and errors as the shop answers them — and its inner processes (Redis,
 * the API and storefront instances) listening on loopback or a private address only.
 */
const edge = inject('edgeUrl');
const apiPids = inject('apiPids');
const storefrontPids = inject('storefrontPids');
const redisPid = inject('redisPid');

/** A request to the edge from a chosen local address (loopback is 127.0.0.0/8: 127.0.0.2 is a stranger to the purge list). */
function fromAddress(localAddress: string, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(new URL(path, edge), { method, headers, localAddress }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const scriptSrc = (policy: string | null) => policy?.split(/;\s*/).find((directive) => directive.startsWith('script-src ')) ?? '';

describe('cache purges at the edge', () => {
  it("are refused from any address but the APIs' (loopback 127.0.0.1 under start:prod)", async () => {
    for (const [method, headers] of [
      ['PURGE', { 'xkey-purge': 'product cms' }],
      ['PURGE', {}],
    ] as const) {
      const stranger = await fromAddress('127.0.0.2', method, '/', headers);
      expect(stranger.status, `${method} ${JSON.stringify(headers)}`).toBe(403);
    }
    // A purge header on an ordinary request purges nothing: it passes to the shop as a read.
    const page = await fetch(`${edge}/`);
    await page.body?.cancel();
    const read = await fromAddress('127.0.0.2', 'GET', '/', { 'xkey-purge': 'product cms' });
    expect(read.status).toBe(200);
    const again = await fetch(`${edge}/`);
    expect(again.headers.get('x-edge-cache')).toBe('hit');
    await again.body?.cancel();
    // The APIs' address may (a tag nothing carries: nothing is dropped).
    const api = await fromAddress('127.0.0.1', 'PURGE', '/', { 'xkey-purge': 'no-such-tag-43' });
    expect(api).toEqual({ status: 200, body: expect.stringContaining('Purged 0') });
  });
});

describe('answers through the edge', () => {
  const FIXED = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'reporting-endpoints': 'csp="/api/csp-report"',
  };

  it('keep the security headers, hits and passes alike, and never allow inline scripts', async () => {
    await (await fetch(`${edge}/`)).body?.cancel();
    for (const path of ['/', '/my-account/orders', '/checkout', '/no-such-page-43', '/c/no-such-category-43']) {
      const answer = await fetch(`${edge}${path}`);
      await answer.body?.cancel();
      for (const [name, value] of Object.entries(FIXED)) expect(answer.headers.get(name), `${path} ${name}`).toBe(value);
      const policy = answer.headers.get('content-security-policy');
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain('report-uri /api/csp-report');
      expect(scriptSrc(policy), path).not.toContain("'unsafe-inline'");
      expect(answer.headers.get('x-shop-trusted-scripts'), path).toBeNull();
      expect(answer.headers.get('xkey'), path).toBeNull();
    }
  });

  it('give every page rendered per request its own nonce, and keep none in a cached page', async () => {
    for (const path of ['/checkout', '/my-account/orders', '/search?q=coltello']) {
      const nonces = [];
      for (let i = 0; i < 3; i++) {
        const answer = await fetch(`${edge}${path}`);
        const html = await answer.text();
        expect(answer.headers.get('x-edge-cache'), path).toBe('pass');
        const nonce = /'nonce-([^']+)'/.exec(scriptSrc(answer.headers.get('content-security-policy')))?.[1];
        expect(nonce, path).toBeDefined();
        expect(html, path).toContain(`nonce="${nonce}"`);
        nonces.push(nonce);
      }
      expect(new Set(nonces).size, path).toBe(3);
    }
    for (let i = 0; i < 20; i++) {
      const home = await fetch(`${edge}/`);
      await home.body?.cancel();
      if (home.headers.get('x-edge-cache') !== 'hit') continue;
      expect(scriptSrc(home.headers.get('content-security-policy'))).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/);
      return;
    }
    throw new Error('the home page never came from the edge cache');
  });

  it('answer over-size bodies 413 with the envelope, 20 times out of 20', async () => {
    const statuses = [];
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${edge}/api/cart/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"x":"${'a'.repeat(512 * 1024)}"}` });
      statuses.push({ status: response.status, body: await response.json().catch(() => null) });
    }
    expect(statuses).toEqual(statuses.map(() => ({ status: 413, body: { code: 413, result: 'Request body too large: this request accepts at most 64 KiB' } })));
  });

  it('answer errors as the shop does: the envelope for the API, 405 for methods the shop does not serve', async () => {
    const missing = await fetch(`${edge}/api/no-such-route-43`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 404, result: 'No API route GET /api/no-such-route-43' });
    const trace = await fromAddress('127.0.0.1', 'TRACE', '/');
    expect(trace.status).toBe(405);
    expect(JSON.parse(trace.body)).toEqual({ code: 405, result: 'Method TRACE is not allowed' });
    const page = await fetch(`${edge}/no-such-page-43`);
    expect(page.status).toBe(404);
    expect(page.headers.get('x-edge-cache')).not.toBe('hit');
    await page.body?.cancel();
  });
});

/** The addresses a process listens on (TCP), from its socket descriptors and the kernel's socket tables. */
function listeningAddresses(pid: number): string[] {
  const inodes = new Set(
    readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        return [/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? []].flat();
      } catch {
        return [];
      }
    }),
  );
  const addresses: string[] = [];
  for (const table of ['tcp', 'tcp6']) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // st 0A: LISTEN; field 9: the socket's inode.
      if (fields[3] !== '0A' || !inodes.has(fields[9]!)) continue;
      const [hex, port] = fields[1]!.split(':');
      addresses.push(`${table === 'tcp' ? ipv4(hex!) : ipv6(hex!)}:${Number.parseInt(port!, 16)}`);
    }
  }
  return addresses;
}

/** The kernel writes each 32-bit word of an address in host (little-endian) order. */
const words = (hex: string) => hex.match(/.{8}/g)!.map((word) => word.match(/../g)!.reverse().join(''));
const ipv4 = (hex: string) => words(hex)[0]!.match(/../g)!.map((byte) => Number.parseInt(byte, 16)).join('.');
const ipv6 = (hex: string) => {
  const bytes = words(hex).join('');
  const v4 = /^0{20}ffff([0-9a-f]{8})$/i.exec(bytes);
  if (v4) return `::ffff:${v4[1]!.match(/../g)!.map((byte) => Number.parseInt(byte, 16)).join('.')}`;
  return bytes.match(/.{4}/g)!.map((group) => group.replace(/^0+(?=.)/, '')).join(':').toLowerCase();
};

/** Loopback or a private range (RFC 1918, IPv6 unique local), never a wildcard. */
const isInner = (address: string) => {
  const host = address.replace(/:\d+$/, '').replace(/^::ffff:/, '');
  return (
    /^127\./.test(host) ||
    host === '0:0:0:0:0:0:0:1' ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    /^f[cd][0-9a-f]{2}:/.test(host)
  );
};

describe('the inner processes', () => {
  it('listen on loopback or a private address only: Redis, each API and each storefront', () => {
    const processes = [
      ['Redis', redisPid],
      ...apiPids.map((pid, i) => [`API ${i + 1}`, pid] as const),
      ...storefrontPids.map((pid, i) => [`storefront ${i + 1}`, pid] as const),
    ] as const;
    for (const [name, pid] of processes) {
      const addresses = listeningAddresses(pid);
      expect(addresses.length, name).toBeGreaterThan(0);
      expect(addresses.filter((address) => !isInner(address)), `${name} listens on ${addresses.join(', ')}`).toEqual([]);
    }
    expect(isInner('0.0.0.0:3000')).toBe(false);
    expect(isInner('0:0:0:0:0:0:0:0:3000')).toBe(false);
  });
});
