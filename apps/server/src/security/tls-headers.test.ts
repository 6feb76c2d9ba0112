import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../test/harness';

/**
 * HSTS and the CSP's upgrade-insecure-requests only when the site is served over TLS: over plain
 * HTTP they make the browser fetch the app's own scripts over https (a blank page).
 */
describe('TLS-only headers', () => {
  let plain: TestContext;
  let tls: TestContext;
  beforeAll(async () => {
    plain = await startTestApp({ seed: false });
    tls = await startTestApp({ seed: false, config: { secureCookies: true } });
  });
  afterAll(async () => {
    await plain.close();
    await tls.close();
  });

  it('over plain HTTP (default): no Strict-Transport-Security, no upgrade-insecure-requests, the rest of the CSP stays', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/login/config', headers: { host: 'ullage.test:8080' } });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const csp = String(response.headers['content-security-policy']);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
  });

  it('with SECURE_COOKIES=on (served over TLS): both are sent', async () => {
    const response = await tls.app.inject({ method: 'GET', url: '/api/login/config' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
