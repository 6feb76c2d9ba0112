import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, pushSupport } from './browser-push';

describe('Web Push support', () => {
  const all = { isSecureContext: true, hasServiceWorker: true, hasPushManager: true, hasNotification: true };
  it.each([
    [all, 'supported'],
    [{ ...all, isSecureContext: false }, 'insecure'],
    [{ ...all, hasPushManager: false }, 'unsupported'],
    [{ ...all, hasServiceWorker: false }, 'unsupported'],
    // An iPhone's Safari outside the installed app has no Notification.
    [{ ...all, hasNotification: false }, 'unsupported'],
  ])('%j → %s', (env, support) => {
    expect(pushSupport(env)).toBe(support);
  });
});

describe('the server key as bytes', () => {
  it('decodes base64url without padding', () => {
    expect([...base64UrlToBytes('BP8A_-8')]).toEqual([0x04, 0xff, 0x00, 0xff, 0xef]);
    const key = base64UrlToBytes(`B${'A'.repeat(86)}`);
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
  });
});
