import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let nextText = 'AB23';
beforeAll(async () => {
  // The image is real SVG; only its text is chosen by the test so it knows the answer.
  ctx = await startTestApp({ config: { captcha: true }, captchaSource: () => ({ text: nextText, svg: `<svg xmlns="http://www.w3.org/2000/svg"><text>${nextText}</text></svg>` }) });
});
afterAll(() => ctx.close());

async function captcha(text: string) {
  nextText = text;
  const response = await ctx.app.inject({ method: 'GET', url: '/api/login/captcha' });
  const cookie = response.cookies.find((c) => c.name === 'ullage_captcha')!;
  return { response, cookie: `ullage_captcha=${cookie.value}` };
}

const auth = (payload: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login/auth', payload, headers: cookie ? { cookie } : {}, remoteAddress: '10.8.0.1' });

describe('verification code (CAPTCHA=on)', () => {
  it('the login page is told the code is on', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/login/config' });
    expect(response.json().data.captchaEnabled).toBe(true);
  });

  it('GET /api/login/captcha answers an SVG image and an HttpOnly cookie binding it to the visitor', async () => {
    const { response } = await captcha('XY45');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<svg');
    const cookie = response.cookies.find((c) => c.name === 'ullage_captcha');
    expect(cookie?.httpOnly).toBe(true);
  });

  it('a missing code is refused with 91011 naming the field', async () => {
    const response = await auth({ username: 'admin', password: 'x' });
    expect(response.json()).toMatchObject({ code: 91011, msg: 'Verification code: is required' });
  });

  it('a wrong code answers 60008 and does not reach the password check', async () => {
    const { cookie } = await captcha('QW89');
    const response = await auth({ username: 'demo-company', password: DEMO_PASSWORD, code: 'ZZZZ' }, cookie);
    expect(response.json()).toEqual({ code: 60008, msg: 'The verification code is wrong or has expired' });
  });

  it('a code without its cookie (another visitor’s) answers 60008', async () => {
    await captcha('MN34');
    const response = await auth({ username: 'demo-company', password: DEMO_PASSWORD, code: 'MN34' });
    expect(response.json().code).toBe(60008);
  });

  it('the right code, in any letter case, signs in; the same code cannot be used twice', async () => {
    const { cookie } = await captcha('Hk7P');
    const first = await auth({ username: 'demo-company', password: DEMO_PASSWORD, code: 'hK7p' }, cookie);
    expect(first.json().code).toBe(1000);
    const again = await auth({ username: 'demo-company', password: DEMO_PASSWORD, code: 'hK7p' }, cookie);
    expect(again.json().code).toBe(60008);
  });
});
