import { describe, expect, it } from 'vitest';
import { apiBaseFor, isRawIpv4 } from './api-base';

const config = { ipBase: 'http://10.0.0.5:8080', hostBase: 'https://api.example.org/' };

describe('isRawIpv4', () => {
  it.each([
    ['192.168.1.10', true],
    ['127.0.0.1:5173', true],
    ['0.0.0.0', true],
    ['256.1.1.1', false],
    ['1.2.3', false],
    ['1.2.3.4:70000', false],
    ['localhost', false],
    ['localhost:8080', false],
    ['ullage.example.org', false],
    ['1.2.3.4.example.org', false],
  ])('%s → %s', (host, expected) => {
    expect(isRawIpv4(host)).toBe(expected);
  });
});

describe('apiBaseFor', () => {
  it('uses the IP base on a raw IPv4 address, with or without port', () => {
    expect(apiBaseFor('192.168.1.10', config)).toBe('http://10.0.0.5:8080');
    expect(apiBaseFor('192.168.1.10:8080', config)).toBe('http://10.0.0.5:8080');
  });

  it('uses the host base on a host name, without its trailing slash', () => {
    expect(apiBaseFor('ullage.example.org', config)).toBe('https://api.example.org');
    expect(apiBaseFor('localhost:5173', config)).toBe('https://api.example.org');
  });

  it('falls back to same origin when the relevant base is unset or blank', () => {
    expect(apiBaseFor('192.168.1.10', { hostBase: 'https://api.example.org' })).toBe('');
    expect(apiBaseFor('ullage.example.org', { ipBase: 'http://10.0.0.5' })).toBe('');
    expect(apiBaseFor('ullage.example.org', { hostBase: '  ' })).toBe('');
    expect(apiBaseFor('127.0.0.1', {})).toBe('');
  });
});
