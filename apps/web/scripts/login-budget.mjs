/**
 * Measures the JavaScript the browser loads for /login (DESIGN.md §8: ≤ 150 KB gzip) against
 * the built app, without the API server: dist/ is served with an SPA fallback, and the two
 * calls the login page makes are stubbed. Usage: npm run build -w apps/web && npm run budget -w apps/web
 * Options: --language=ar (stored language), --captcha=off, --chromium=/path/to/chromium.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const BUDGET = 150 * 1024;
const dist = path.resolve(import.meta.dirname, '../dist');
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const language = args.language ?? 'en';
const captcha = args.captcha !== 'off';

const types = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.json': 'application/json' };
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname === '/api/login/config') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ code: 1000, msg: 'ok', data: { captchaEnabled: captcha, casEnabled: false, defaultLanguage: 'en', loginTitle: 'Ullage', appDownloadUrl: null } }));
    return;
  }
  if (url.pathname === '/api/login/captcha') {
    res.setHeader('content-type', 'image/svg+xml');
    res.end('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="10" y="28">1234</text></svg>');
    return;
  }
  let file = path.join(dist, path.normalize(url.pathname));
  if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(dist, 'index.html');
  res.setHeader('content-type', types[path.extname(file)] ?? 'application/octet-stream');
  fs.createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: args.chromium ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addInitScript((lang) => globalThis.localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.endsWith('.js') || scripts.has(url)) return;
    scripts.set(url, zlib.gzipSync(await response.body(), { level: 9 }).length);
  });
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.locator('#username').waitFor();
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1])) console.log(`${kb(size).padStart(9)}  ${new URL(url).pathname}`);
  console.log(`login route JS (gzip, language ${language}): ${kb(total)} in ${scripts.size} files [budget ${kb(BUDGET)}]`);
  process.exitCode = total <= BUDGET ? 0 : 1;
} finally {
  await browser.close();
  server.close();
}
