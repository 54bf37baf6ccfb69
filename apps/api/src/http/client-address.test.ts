import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressResolver, invalidProxyEntries, perAddressKey } from './client-address.ts';

const request = (peer: string, forwardedFor?: string | string[]) =>
  ({ socket: { remoteAddress: peer }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  const clientAddress = clientAddressResolver(['127.0.0.0/8', '::1', '10.1.0.0/16']);

  it('is the socket peer when the peer is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddress(request('203.0.113.5', '1.2.3.4'))).toBe('203.0.113.5');
    expect(clientAddress(request('::ffff:203.0.113.5', '1.2.3.4'))).toBe('203.0.113.5');
  });

  it('takes the right-most address that is not a trusted proxy', () => {
    expect(clientAddress(request('127.0.0.1', '198.51.100.1'))).toBe('198.51.100.1');
    expect(clientAddress(request('::ffff:127.0.0.1', '6.6.6.6, 198.51.100.1, 10.1.2.3'))).toBe('198.51.100.1');
    expect(clientAddress(request('::1', ['6.6.6.6', '198.51.100.1']))).toBe('198.51.100.1');
    expect(clientAddress(request('127.0.0.1', '2001:db8::1'))).toBe('2001:db8::1');
  });

  it('stops at a hop that is not an address, keeping the last one vouched for', () => {
    expect(clientAddress(request('127.0.0.1', '198.51.100.1, nonsense, 10.1.0.9'))).toBe('10.1.0.9');
    expect(clientAddress(request('127.0.0.1', 'nonsense'))).toBe('127.0.0.1');
  });

  it('is the proxy itself when no header names a client', () => {
    expect(clientAddress(request('127.0.0.1'))).toBe('127.0.0.1');
    expect(clientAddress(request('127.0.0.1', '10.1.0.1'))).toBe('10.1.0.1');
  });

  it('trusts nobody with an empty list', () => {
    expect(clientAddressResolver([])(request('127.0.0.1', '198.51.100.1'))).toBe('127.0.0.1');
  });

  it('names entries that are neither an address nor a CIDR range', () => {
    expect(invalidProxyEntries(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', 'localhost', '10.0.0.0/33', '1.2.3.4/8/1'])).toEqual([
      'localhost',
      '10.0.0.0/33',
      '1.2.3.4/8/1',
    ]);
    expect(() => clientAddressResolver(['localhost'])).toThrow(/TRUSTED_PROXIES: "localhost"/);
  });
});

describe('perAddressKey (issue 43: IPv6 clients by their /64)', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(perAddressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(perAddressKey('unknown')).toBe('unknown');
  });

  it('counts every address of one /64 as one client, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:0:0:0:9', '2001:db8:1:2::10.0.0.1', '2001:db8:1:2::1%eth0']) {
      expect(perAddressKey(address)).toBe(key);
    }
    expect(perAddressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(perAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(perAddressKey('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(perAddressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
