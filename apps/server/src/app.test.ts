import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ seed: false });
});
afterAll(() => ctx.close());

describe('platform endpoints', () => {
  it('GET /api/health answers 200 {status: "ok"} once the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/openapi.json describes the spec calls under /api', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/login/auth', '/api/login/getInfo', '/api/login/logout', '/api/user/updatePwd', '/api/user/checkPwd', '/api/health']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/api/login/auth'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
  });

  it('GET /api/docs serves the browsable reference', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });

  it('GET /metrics is Prometheus text with HTTP timings and the ingest and SSE series', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(/ullage_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/);
    expect(response.body).toContain('ullage_ingest_readings_total');
    expect(response.body).toContain('ullage_sse_clients 0');
  });

  it('an unknown /api path answers the envelope 80001, localised', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nope', headers: { language: 'zh_CN' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 80001, msg: '未找到，或无权查看' });
  });

  it('GET /api/login/config tells the login page what it needs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/login/config' });
    expect(response.json()).toEqual({
      code: 1000,
      msg: 'Success',
      data: { captchaEnabled: false, casEnabled: false, defaultLanguage: 'en', loginTitle: 'Ullage', appDownloadUrl: null },
    });
  });
});
