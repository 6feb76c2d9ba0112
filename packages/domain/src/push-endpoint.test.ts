import { describe, expect, it } from 'vitest';
import { addressAllowed, addressClass, deviceLabel, endpointProblem, keyProblems } from './push-endpoint';

describe('address classes', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['142.250.74.10', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.5.6.7', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'private'],
    ['100.64.0.1', 'private'],
    ['0.0.0.0', 'private'],
    ['224.0.0.1', 'private'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'private'],
    ['fd00::1', 'private'],
    ['fe80::1', 'private'],
    ['ff02::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['[::ffff:a00:1]', 'private'],
    ['::ffff:7f00:1', 'loopback'],
    ['2001:4860:4860::8888', 'public'],
    ['example.org', null],
    ['1.2.3', null],
    ['256.1.1.1', null],
  ])('%s → %s', (address, kind) => {
    expect(addressClass(address)).toBe(kind);
  });
});

describe('push endpoints the server may call', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', false, null],
    ['https://updates.push.services.mozilla.com/wpush/v2/gAAA', false, null],
    ['https://web.push.apple.com/QGx', false, null],
    ['http://fcm.googleapis.com/fcm/send/abc', false, 'https'],
    ['ftp://push.example.org/x', false, 'https'],
    ['not a url', false, 'url'],
    ['https://user:secret@push.example.org/x', false, 'url'],
    [`https://push.example.org/${'a'.repeat(2100)}`, false, 'url'],
    ['https://127.0.0.1/x', false, 'privateAddress'],
    ['https://localhost/x', false, 'privateAddress'],
    ['https://10.0.0.5/x', false, 'privateAddress'],
    ['https://[fd00::5]/x', false, 'privateAddress'],
    ['https://169.254.169.254/latest/meta-data', false, 'privateAddress'],
    // WHATWG URL parsing turns a decimal host into its dotted address first.
    ['https://2130706433/x', false, 'privateAddress'],
    ['http://127.0.0.1:9999/push/1', false, 'https'],
    // Loopback allowed (tests): a local push service over http, but still nothing private.
    ['http://127.0.0.1:9999/push/1', true, null],
    ['http://[::1]:9999/push/1', true, null],
    ['http://10.0.0.5/x', true, 'https'],
    ['https://192.168.1.1/x', true, 'privateAddress'],
  ])('%s (loopback allowed: %s) → %s', (endpoint, loopback, problem) => {
    expect(endpointProblem(endpoint, { loopback })).toBe(problem);
  });

  it.each([
    ['8.8.8.8', false, true],
    ['10.0.0.1', false, false],
    ['127.0.0.1', false, false],
    ['127.0.0.1', true, true],
    ['192.168.0.1', true, false],
    ['nonsense', true, false],
  ])('resolved address %s (loopback allowed: %s) → %s', (address, loopback, allowed) => {
    expect(addressAllowed(address, { loopback })).toBe(allowed);
  });
});

describe('subscription keys', () => {
  const p256dh = `B${'A'.repeat(86)}`;
  const auth = 'A'.repeat(22);
  it.each([
    [{ p256dh, auth }, []],
    [{ p256dh: `${p256dh}=`, auth: `${auth}==` }, []],
    [{ p256dh: `C${'A'.repeat(86)}`, auth }, ['p256dh']],
    [{ p256dh: p256dh.slice(1), auth }, ['p256dh']],
    [{ p256dh: `B${'+'.repeat(86)}`, auth }, ['p256dh']],
    [{ p256dh, auth: 'A'.repeat(21) }, ['auth']],
    [{ p256dh: '', auth: '' }, ['p256dh', 'auth']],
  ])('%j → %j', (keys, problems) => {
    expect(keyProblems(keys)).toEqual(problems);
  });
});

describe('device labels', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36', 'Chrome · Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari · iOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox · Windows'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0', 'Edge · Windows'],
    ['curl/8.5.0', 'curl/8.5.0'],
    [undefined, '?'],
  ])('%s → %s', (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });
});
