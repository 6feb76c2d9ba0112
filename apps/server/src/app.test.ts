import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend } from './test/databases';
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

  it('GET /api/ready answers 200 with what it checked; n/a for what is not configured', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    // The embedded database has no bus between instances; PostgreSQL's LISTEN/NOTIFY is one, and
    // it connects a moment after the app is built (on a loaded machine, after the first answer).
    await expect
      .poll(async () => (await ctx.app.inject({ method: 'GET', url: '/api/ready' })).json(), { timeout: 5000 })
      .toEqual({ status: 'ready', database: 'ok', bus: backend() === 'postgres' ? 'ok' : 'n/a', broker: 'n/a' });
  });

  it('GET /api/ready stays 200 naming a broker that is down (degraded, not out), and answers 503 {status: "stopping"} once shutting down', async () => {
    const other = await startTestApp({ seed: false });
    try {
      // Readiness is the database (docs/deploy.md): a lost broker is reported, the instance still takes traffic.
      other.app.readiness.watchBroker(() => false);
      const down = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(200);
      expect(down.json()).toMatchObject({ status: 'ready', database: 'ok', broker: 'down' });
      other.app.readiness.watchBroker(() => true);
      // On PostgreSQL the live bus connects a moment after the app is built.
      await expect.poll(async () => (await other.app.inject({ method: 'GET', url: '/api/ready' })).json(), { timeout: 5000 }).toMatchObject({ status: 'ready', broker: 'ok' });
      other.app.readiness.stop();
      const stopping = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(stopping.statusCode).toBe(503);
      expect(stopping.json()).toEqual({ status: 'stopping' });
      // Alive all the same: health is not readiness.
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it.skipIf(backend() !== 'postgres')('GET /api/ready stays 200 {bus: "down"} while the live bus cannot reach Redis: the instance still serves pages and devices', async () => {
    // Nothing listens on port 1: the Redis bus never connects.
    const other = await startTestApp({ seed: false, config: { redisUrl: 'redis://127.0.0.1:1' } });
    try {
      const response = await other.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ready', database: 'ok', bus: 'down', broker: 'n/a' });
    } finally {
      await other.close();
    }
  });

  it('GET /api/openapi.json describes the spec calls under /api', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/login/auth', '/api/login/getInfo', '/api/login/logout', '/api/user/updatePwd', '/api/user/checkPwd', '/api/health', '/api/ready']) {
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

describe('serving the built web app', () => {
  it('serves index.html for client routes, assets with long caching, and 80001 under /api', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dist = path.resolve('.tmp', `dist-${Date.now()}`);
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Ullage</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const web = await startTestApp({ seed: false, config: { webDist: dist } });
    try {
      for (const url of ['/', '/home', '/abnormal_can', '/realAlarm']) {
        const page = await web.app.inject({ method: 'GET', url });
        expect(page.statusCode, `${url} ${page.body}`).toBe(200);
        expect(page.body).toBe('<!doctype html><title>Ullage</title>');
        // HEAD answers as GET does, without the body: an uptime check or a link checker asks so.
        const head = await web.app.inject({ method: 'HEAD', url });
        expect([url, head.statusCode, head.headers['content-type'], head.body]).toEqual([url, 200, page.headers['content-type'], '']);
      }
      expect((await web.app.inject({ method: 'HEAD', url: '/api/nope' })).statusCode).toBe(404);
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A rebuild adds files and rewrites index.html; both are picked up without a restart.
      fs.writeFileSync(path.join(dist, 'assets', 'app-def456.js'), 'console.log(2)');
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Ullage 2</title>');
      expect((await web.app.inject({ method: 'GET', url: '/assets/app-def456.js' })).body).toBe('console.log(2)');
      expect((await web.app.inject({ method: 'GET', url: '/home' })).body).toContain('Ullage 2');
      expect((await web.app.inject({ method: 'GET', url: '/api/nope' })).json().code).toBe(80001);
      expect((await web.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('map tiles', () => {
  it('the page may load images from the configured tile server, and only then', async () => {
    const withTiles = await startTestApp({ seed: false, config: { mapTiles: { url: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example' } } });
    try {
      const csp = (await withTiles.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'] as string;
      expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.org");
    } finally {
      await withTiles.close();
    }
    const plain = await startTestApp({ seed: false });
    try {
      const csp = (await plain.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'] as string;
      expect(csp).toContain("img-src 'self' data: blob:;");
    } finally {
      await plain.close();
    }
  });
});
