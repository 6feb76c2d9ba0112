import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from './test/harness';

/**
 * The built web app is sent compressed (issue 20 #24): the build writes `.br` and `.gz` beside
 * each text file (apps/web/build/precompress-plugin.ts) and the server sends the one the
 * browser takes, with Content-Encoding and Vary; hashed assets are kept for a year, the page
 * and the service worker checked on each use.
 */
const script = `export const routes = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ path: `/route-${i}`, title: `Route ${i}` })))};\n`;
const html = `<!doctype html><html><head><title>Ullage</title><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<div id="root"></div>'.repeat(50)}</body></html>`;
const worker = `self.addEventListener('fetch', () => {});\n${'// offline shell\n'.repeat(100)}`;
let dist: string;
let ctx: TestContext;

beforeAll(async () => {
  dist = path.resolve('.tmp', `dist-compression-${Date.now()}`);
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), html);
  for (const [file, text] of [
    ['assets/index-abc123.js', script],
    ['sw.js', worker],
  ] as const) {
    fs.writeFileSync(path.join(dist, file), text);
    fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(text));
  }
  ctx = await startTestApp({ seed: false, config: { webDist: dist } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => ctx.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
const decoded = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
};

describe('compressed web app', () => {
  it('a hashed asset comes as brotli to a browser that takes it, gzip to one that takes only gzip, plain otherwise; kept a year', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    expect(decoded(br)).toBe(script);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(gz)).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('the page (any client route) and the service worker are compressed and checked on each use', async () => {
    for (const url of ['/', '/home', '/history']) {
      const page = await get(url, 'gzip, deflate, br');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.vary).toContain('accept-encoding');
      expect(decoded(page)).toBe(html);
    }
    const gz = await get('/home', 'gzip;q=1.0, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(html);
    expect((await get('/home')).body).toBe(html);

    const sw = await get('/sw.js', 'br, gzip');
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(decoded(sw)).toBe(worker);
  });

  it('answers scripts from memory once read (a name holds a hash of its bytes): the file on disk is not read again', async () => {
    const file = path.join(dist, 'assets', 'kept-def456.js');
    fs.writeFileSync(file, 'console.log("first")');
    // Not built yet when first asked: not found, and looked for again next time.
    fs.rmSync(file);
    expect((await get('/assets/kept-def456.js', 'br')).statusCode).toBe(404);
    fs.writeFileSync(file, 'console.log("first")');
    const first = await get('/assets/kept-def456.js', 'br');
    // No brotli copy beside it: the file itself, without Content-Encoding.
    expect([first.statusCode, first.headers['content-encoding'], first.body]).toEqual([200, undefined, 'console.log("first")']);
    expect(first.headers['content-type']).toContain('javascript');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    fs.writeFileSync(file, 'console.log("changed on disk")');
    expect((await get('/assets/kept-def456.js', 'br')).body).toBe('console.log("first")');
    const head = await ctx.app.inject({ method: 'HEAD', url: '/assets/kept-def456.js', headers: { 'accept-encoding': 'br' } });
    expect([head.statusCode, head.headers['cache-control'], head.body]).toEqual([200, 'public, max-age=31536000, immutable', '']);
  });

  it('keeps to the assets folder: no way up out of it, and a picture comes from disk as before', async () => {
    // A script beside the build, outside it, named as the way up would reach it.
    const outside = `${path.basename(dist)}-outside.js`;
    fs.writeFileSync(path.join(dist, '..', outside), 'secret');
    try {
      for (const url of [`/assets/..%2F..%2F${outside}`, `/assets/%2e%2e/%2e%2e/${outside}`, `/assets/../../${outside}`, `/assets/..%5C..%5C${outside}`]) {
        const res = await get(url, 'br');
        expect([url, res.body.includes('secret')]).toEqual([url, false]);
      }
    } finally {
      fs.rmSync(path.join(dist, '..', outside));
    }
    expect((await get('/assets/.hidden.js', 'br')).statusCode).toBe(404);
    fs.writeFileSync(path.join(dist, 'assets', 'screen-abc123.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const picture = await get('/assets/screen-abc123.jpg', 'br');
    expect([picture.statusCode, picture.headers['content-type'], picture.headers['cache-control'], picture.rawPayload.length]).toEqual([200, 'image/jpeg', 'public, max-age=31536000, immutable', 4]);
  });
});
