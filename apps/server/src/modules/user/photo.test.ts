import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await startTestApp();
  cookie = await signIn(ctx.app, 'demo-station', DEMO_PASSWORD);
});
afterAll(() => ctx.close());

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const upload = (fileName: string, dataUrl: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/photo', headers: { cookie }, payload: { fileName, dataUrl } });

describe('POST /api/user/photo (spec §5: jpeg/jpg/png/gif, under 250 KB, no special characters)', () => {
  it('stores a png under DATA_DIR by its hash; getInfo points at it and it is served as image/png', async () => {
    const response = await upload('me.png', `data:image/png;base64,${PNG_1PX}`);
    const hash = createHash('sha256').update(Buffer.from(PNG_1PX, 'base64')).digest('hex');
    expect(response.json()).toEqual({ code: 1000, msg: 'Setting saved', data: { photo: `/api/user/photo/${hash}.png` } });
    expect(fs.existsSync(path.join(ctx.config.dataDir, 'files', 'photos', `${hash}.png`))).toBe(true);
    const info = await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie } });
    expect(info.json().data.photo).toBe(`/api/user/photo/${hash}.png`);
    const served = await ctx.app.inject({ method: 'GET', url: `/api/user/photo/${hash}.png`, headers: { cookie } });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);
  });

  it('serves photos only to signed-in users and only names it made', async () => {
    const hash = createHash('sha256').update(Buffer.from(PNG_1PX, 'base64')).digest('hex');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/user/photo/${hash}.png` })).json().code).toBe(30001);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/photo/..%2F..%2Fpg%2FPG_VERSION', headers: { cookie } })).json().code).toBe(80001);
  });

  it('refuses a bmp', async () => {
    const response = await upload('me.bmp', `data:image/bmp;base64,${PNG_1PX}`);
    expect(response.json()).toMatchObject({ code: 91011, msg: 'Image: must be a JPEG, PNG or GIF image' });
  });

  it('refuses a file that is not what it claims: text renamed .png', async () => {
    const fake = Buffer.from('<script>alert(1)</script>').toString('base64');
    const response = await upload('me.png', `data:image/png;base64,${fake}`);
    expect(response.json()).toMatchObject({ code: 91011, msg: 'Image: must be a JPEG, PNG or GIF image' });
  });

  it('refuses 250 KB or more', async () => {
    const png = Buffer.from(PNG_1PX, 'base64');
    const big = Buffer.concat([png, Buffer.alloc(250 * 1024)]).toString('base64');
    const response = await upload('big.png', `data:image/png;base64,${big}`);
    expect(response.json()).toMatchObject({ code: 91011, msg: 'Image: must be smaller than 250 KB' });
  });

  it('refuses a name with special characters', async () => {
    const response = await upload('me<script>.png', `data:image/png;base64,${PNG_1PX}`);
    expect(response.json()).toMatchObject({ code: 91011, msg: 'File name: must not contain special characters' });
  });

  it('refuses a body far too large with 91011, not 500', async () => {
    const huge = 'A'.repeat(600 * 1024);
    const response = await upload('big.png', `data:image/png;base64,${huge}`);
    expect(response.json().code).toBe(91011);
  });
});
