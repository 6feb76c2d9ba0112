import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, type Resolve } from './address';

const answers =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const fails: Resolve = async () => {
  throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
};

describe('a webhook URL and the addresses its host resolves to (issue 38)', () => {
  it('a public name connects to its first address, the name kept for Host and TLS', async () => {
    const check = await checkWebhookUrl('https://hooks.example.com/in', false, answers('93.184.216.34', '2606:2800:220:1::1'));
    expect(check).toMatchObject({ ok: true, target: { address: '93.184.216.34', family: 4 } });
    expect(check.ok && check.url.hostname).toBe('hooks.example.com');
  });

  it.each([
    ['one private address among public ones', answers('93.184.216.34', '10.0.0.7'), 'rule.webhookAddress', 'hooks.example.com resolves to 10.0.0.7, a private address'],
    ['loopback over IPv6', answers('::1'), 'rule.webhookAddress', 'hooks.example.com resolves to ::1, a loopback address'],
    ['an IPv4-mapped metadata address', answers('::ffff:169.254.169.254'), 'rule.webhookAddress', 'hooks.example.com resolves to ::ffff:169.254.169.254, a link-local address'],
    ['no such name', fails, 'rule.webhookResolve', 'hooks.example.com did not resolve (ENOTFOUND)'],
    ['no address at all', answers(), 'rule.webhookResolve', 'hooks.example.com has no address'],
  ])('refuses a name with %s', async (_name, resolve, rule, detail) => {
    expect(await checkWebhookUrl('https://hooks.example.com/in', false, resolve)).toEqual({ ok: false, rule, detail });
  });

  it('WEBHOOK_ALLOW_PRIVATE lets private answers through, never a bad URL', async () => {
    expect(await checkWebhookUrl('http://intranet.local/in', true, answers('192.168.0.9'))).toMatchObject({ ok: true, target: { address: '192.168.0.9' } });
    expect(await checkWebhookUrl('gopher://intranet.local/', true, answers('192.168.0.9'))).toMatchObject({ ok: false, rule: 'rule.webhookScheme' });
    expect(await checkWebhookUrl('http://[::1', true)).toMatchObject({ ok: false, rule: 'rule.webhookUrl' });
  });

  it('an address literal is not looked up', async () => {
    expect(await checkWebhookUrl('http://[2606:2800:220:1::1]:8443/x', false, fails)).toMatchObject({ ok: true, target: { address: '2606:2800:220:1::1', family: 6 } });
    expect(await checkWebhookUrl('http://0x7f.1/x', false, fails)).toMatchObject({ ok: false, rule: 'rule.webhookAddress' });
  });
});
