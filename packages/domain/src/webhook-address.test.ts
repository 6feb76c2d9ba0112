import { describe, expect, it } from 'vitest';
import { addressAllowed, classifyAddress, parseIpv6, urlProblem, type AddressClass } from './webhook-address';

describe('webhook address classes (issue 38: no calls into an internal network)', () => {
  it.each<[string, AddressClass]>([
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.63.255.255', 'public'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.128.0.0', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.15.255.255', 'public'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.0', 'public'],
    ['192.0.2.1', 'reserved'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['256.1.1.1', 'invalid'],
    ['1.2.3', 'invalid'],
    ['example.com', 'invalid'],
  ])('IPv4 %s is %s', (address, klass) => {
    expect(classifyAddress(address)).toBe(klass);
  });

  it.each<[string, AddressClass]>([
    ['2606:4700:4700::1111', 'public'],
    ['[2606:4700:4700::1111]', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['3fff::1', 'public'],
    ['4000::1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'reserved'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:c0a8:0101::1', 'private'],
    ['2002:0808:0808::1', 'public'],
    ['1::2::3', 'invalid'],
    ['12345::1', 'invalid'],
    ['1:2:3:4:5:6:7:8:9', 'invalid'],
    ['::ffff:300.1.1.1', 'invalid'],
  ])('IPv6 %s is %s', (address, klass) => {
    expect(classifyAddress(address)).toBe(klass);
  });

  it('expands :: to the missing groups', () => {
    expect(parseIpv6('1::8')).toEqual([1, 0, 0, 0, 0, 0, 0, 8]);
    expect(parseIpv6('1:2:3:4:5:6:7::')).toEqual([1, 2, 3, 4, 5, 6, 7, 0]);
    expect(parseIpv6('1:2:3:4:5:6:7:8::')).toBeNull();
  });

  it.each<[AddressClass, boolean, boolean]>([
    ['public', false, true],
    ['loopback', false, false],
    ['private', false, false],
    ['loopback', true, true],
    ['cgnat', true, true],
    ['invalid', true, false],
  ])('%s with WEBHOOK_ALLOW_PRIVATE=%s is allowed: %s', (klass, allowPrivate, allowed) => {
    expect(addressAllowed(klass, allowPrivate)).toBe(allowed);
  });
});

describe('webhook URL refusals before a look-up', () => {
  const parts = (protocol: string, hostname: string, username = '', password = '') => ({ protocol, hostname, username, password });
  it.each([
    [parts('https:', 'hooks.example.com'), false, null],
    [parts('http:', '93.184.216.34'), false, null],
    [parts('ftp:', 'hooks.example.com'), false, 'scheme'],
    [parts('javascript:', ''), false, 'scheme'],
    [parts('https:', 'hooks.example.com', 'me', 'pw'), false, 'credentials'],
    [parts('https:', ''), false, 'host'],
    [parts('http:', '127.0.0.1'), false, 'address'],
    [parts('http:', '127.0.0.1'), true, null],
    [parts('http:', '[::1]'), false, 'address'],
    [parts('http:', '[::ffff:192.168.0.1]'), false, 'address'],
    [parts('http:', 'localhost'), false, 'address'],
    [parts('http:', 'api.localhost'), false, 'address'],
    [parts('http:', 'localhost'), true, null],
  ] as const)('%o (private allowed: %s) → %s', (url, allowPrivate, problem) => {
    expect(urlProblem(url, allowPrivate)).toBe(problem);
  });
});
