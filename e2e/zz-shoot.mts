import { chromium } from 'playwright-core';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const BASE = 'http://localhost:8787';
const [lang, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 1500, height: 950 }, locale: lang === 'ar' ? 'ar' : lang === 'zh_CN' ? 'zh-CN' : lang });
const page = await context.newPage();
await page.goto(`${BASE}/login`);
await page.evaluate((l) => localStorage.setItem('language', l), lang);
await page.goto(`${BASE}/login`);
await page.fill('input#username, input[name=username], input[autocomplete=username]', 'admin');
await page.fill('input[type=password]', 'Admin-pass-123');
await page.keyboard.press('Enter');
await page.waitForTimeout(3000);
for (const p of paths) {
  const [path, click] = p.split('#');
  await page.goto(`${BASE}${path}`);
  await page.waitForTimeout(9000);
  if (click) {
    await page.getByText(click, { exact: false }).first().click().catch((e) => console.log('click failed', click, String(e).slice(0, 100)));
    await page.waitForTimeout(3000);
  }
  const name = `/tmp/shots/${lang}-${path.replace(/[^a-z0-9]+/gi, '_')}${click ? '-' + click.replace(/[^a-z0-9]+/gi, '_') : ''}.png`;
  await page.screenshot({ path: name, fullPage: false });
  console.log(name, await page.evaluate(() => document.documentElement.dir));
}
await browser.close();
