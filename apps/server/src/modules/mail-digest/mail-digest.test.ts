import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { users } from '../../db/schema';
import { rawRows } from '../../lib/raw-sql';
import { es } from '../../i18n/es';
import { stationTime } from '../alarm-feed/message';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';
import { startFakeSmtp, type FakeSmtp } from '../../test/fake-smtp';
import { MailDigests } from './digests';
import { createMailTransport } from './transport';

/**
 * Alarm e-mail digests against a real mail server on loopback: who gets what, once, in
 * their language, at their frequency; a mail server that is down is retried with backoff.
 */
let ctx: TestContext;
let smtp: FakeSmtp;
let base = '';
const cookie: Record<string, string> = {};
const userId: Record<string, number> = {};
const MINUTE = 60_000;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  ctx = await startTestApp({ config: { smtpUrl: smtp.url, mailFrom: 'Ullage Test <alarms@ullage.test>' } });
  await ctx.db.update(users).set({ email: 'admin@example.org' }).where(eq(users.username, 'admin'));
  await ctx.db.update(users).set({ email: 'station@example.org' }).where(eq(users.username, 'demo-station'));
  for (const [name, password] of [['admin', ADMIN_PASSWORD], ['demo-station', DEMO_PASSWORD]] as const) {
    cookie[name] = await signIn(ctx.app, name, password);
    // The admin uses the app in Spanish: their mails are in Spanish. The station user sets no language.
    const headers: Record<string, string> = { cookie: cookie[name]!, ...(name === 'admin' ? { language: 'es' } : {}) };
    userId[name] = (await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers })).json().data.userId;
  }
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

/** Level code 2 (data fault) and leak code 8 by e-mail; everything else alert only. */
async function mailSettings(who: string, mailSendFrq: number) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/userNoticeCfg/edit',
    headers: { cookie: cookie[who]! },
    payload: { userId: userId[who], mailSendFrq: String(mailSendFrq), typeReferList: [{ type: 1, referList: [{ remark: 2, byEmail: 1, byAlert: 1 }] }, { type: 2, referList: [{ remark: 8, byEmail: 1, byAlert: 1 }] }] },
  });
  expect(response.json().code).toBe(1000);
}

const ts = (msAgo = 2000) => new Date(Date.now() - msAgo).toISOString();
async function report(station: string, body: object) {
  const response = await fetch(`${base}/api/device/v1/stations/${station}/report`, { method: 'POST', headers: { authorization: `Bearer demo-device-key:${station}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
}
const levelAlarm = (tank: string, code: number, at = ts()) => ({ alarms: [{ kind: 'level', tank, code, ts: at }] });
const leakAlarm = (sensorNo: string) => ({ sensors: [{ sensorNo, type: 'leak', ts: ts(), state: 'alarm', code: 8 }] });
const mailsTo = (address: string) => smtp.received.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text === address));
const rowsOf = (text: string) => text.split('\n').filter((line) => line.split(' | ').length === 6);

describe('alarm e-mail digests', () => {
  let clock = new Date(Date.now() - 60 * MINUTE);

  it('turning e-mail on starts from now: the alarms before it are not mailed', async () => {
    await report('NWP-SZ02', levelAlarm('1', 2, new Date(clock.getTime() - 5 * MINUTE).toISOString()));
    await mailSettings('admin', 30);
    await mailSettings('demo-station', 30);
    expect(await ctx.app.mailDigests.runOnce(clock)).toEqual({ written: 0, sent: 0, failed: 0 });
    // A day later there is still nothing: the old alarm is before the start.
    const later = await new MailDigests(ctx.db, createMailTransport({ smtpUrl: smtp.url, from: undefined, logger: ctx.app.log }), ctx.app.log, 'en').runOnce(new Date(clock.getTime() + 24 * 60 * MINUTE));
    expect(later.written).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('each user gets one digest of the new alarms of their e-mail codes and their scope, in their language', async () => {
    const startedAt = ts();
    await report('NWP-SZ02', levelAlarm('2', 2, startedAt)); // admin's scope only; e-mail code
    await report('NWP-SZ02', levelAlarm('3', 3)); // code 3: alert only, not mailed
    await report('NWP-SH01', levelAlarm('1', 2)); // the station user's own station
    await report('NWP-SH01', leakAlarm('S3'));
    clock = new Date(clock.getTime() + 30 * MINUTE);
    expect(await ctx.app.mailDigests.runOnce(clock)).toEqual({ written: 2, sent: 2, failed: 0 });

    const [admin] = mailsTo('admin@example.org');
    expect(admin!.subject).toBe(es['mail.digest.subject'].replace('{count}', '3'));
    expect(admin!.from?.text).toBe('"Ullage Test" <alarms@ullage.test>');
    const adminRows = rowsOf(admin!.text!);
    expect(adminRows).toHaveLength(3);
    expect(adminRows).toContain(`${stationTime(startedAt, 'Asia/Shanghai')} | Shenzhen Nanshan | Tanque 2 | ${es['alarm.kind.level']} | ${es['alarm.code.level.2']} | ${es['mail.digest.active']}`);
    expect(adminRows.some((r) => r.includes(es['alarm.code.level.3']))).toBe(false);
    expect(admin!.html).toContain('Shenzhen Nanshan');

    const [station] = mailsTo('station@example.org');
    expect(station!.subject).toBe('Ullage: alarms at your stations (2)');
    const stationRows = rowsOf(station!.text!);
    expect(stationRows.map((r) => r.split(' | ').slice(1, 3))).toEqual([
      ['Shanghai Pudong', 'Tank 1'],
      ['Shanghai Pudong', 'Sensor S3'],
    ]);
    expect(station!.text).not.toContain('Shenzhen');
  });

  it('an alarm is never mailed twice, and the next digest waits for the user’s frequency', async () => {
    expect(await ctx.app.mailDigests.runOnce(new Date(clock.getTime() + 31 * MINUTE))).toEqual({ written: 0, sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);

    await report('NWP-SH01', levelAlarm('2', 2));
    // 10 minutes after the last digest, at 30 minutes: not yet.
    expect((await ctx.app.mailDigests.runOnce(new Date(clock.getTime() + 10 * MINUTE))).written).toBe(0);
    clock = new Date(clock.getTime() + 30 * MINUTE);
    expect(await ctx.app.mailDigests.runOnce(clock)).toEqual({ written: 2, sent: 2, failed: 0 });
    expect(mailsTo('station@example.org')).toHaveLength(2);
    expect(rowsOf(mailsTo('station@example.org')[1]!.text!)).toHaveLength(1);
    // What went out is what is recorded as mailed: three alarms, one row each.
    const mailed = await rawRows<{ n: string }>(ctx.db, sql`select count(*) as n from alarm_mails where user_id = ${userId['demo-station']}`);
    expect(Number(mailed[0]!.n)).toBe(mailsTo('station@example.org').reduce((n, m) => n + rowsOf(m.text!).length, 0));
    expect(Number(mailed[0]!.n)).toBe(3);
  });

  it('two servers running a round at once write and send one digest', async () => {
    await report('NWP-SH01', levelAlarm('3', 2));
    clock = new Date(clock.getTime() + 30 * MINUTE);
    const other = new MailDigests(ctx.db, createMailTransport({ smtpUrl: smtp.url, from: undefined, logger: ctx.app.log }), ctx.app.log, 'en');
    const rounds = await Promise.all([ctx.app.mailDigests.runOnce(clock), other.runOnce(clock)]);
    expect(rounds.reduce((n, r) => n + r.written, 0)).toBe(2);
    expect(rounds.reduce((n, r) => n + r.sent, 0)).toBe(2);
    expect(smtp.received).toHaveLength(6);
  });

  it('a mail server that is down is retried with backoff, and the mail goes once when it is back', async () => {
    const down = new MailDigests(ctx.db, createMailTransport({ smtpUrl: 'smtp://127.0.0.1:9', from: undefined, logger: ctx.app.log }), ctx.app.log, 'en');
    await report('NWP-SH01', leakAlarm('S4'));
    clock = new Date(clock.getTime() + 30 * MINUTE);
    const failing = await down.runOnce(clock);
    expect(failing.written).toBe(2);
    expect(failing.sent).toBe(0);
    expect(failing.failed).toBe(1);
    const pending = await rawRows<{ status: string; attempts: number; next_attempt_at: string; last_error: string }>(ctx.db, sql`select status, attempts, next_attempt_at, last_error from mail_digests where status <> 'sent' order by id`);
    expect(pending).toHaveLength(2);
    expect(pending[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(new Date(pending[0]!.next_attempt_at).getTime()).toBe(clock.getTime() + 30_000);
    expect(pending[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);
    // The second was given back untried: one connection failure is enough to wait.
    expect(pending[1]).toMatchObject({ status: 'pending', attempts: 0 });

    // Back up: the untried mail goes at once, the failed one after its wait.
    expect((await ctx.app.mailDigests.runOnce(new Date(clock.getTime() + 10_000))).sent).toBe(1);
    expect((await ctx.app.mailDigests.runOnce(new Date(clock.getTime() + 31_000))).sent).toBe(1);
    expect(smtp.received).toHaveLength(8);
    expect((await ctx.app.mailDigests.runOnce(new Date(clock.getTime() + 120_000))).sent).toBe(0);
  });

  it('turning e-mail off stops the digests; a disabled account or one without an address gets none', async () => {
    await ctx.db.update(users).set({ email: null }).where(eq(users.username, 'admin'));
    await ctx.db.update(users).set({ disabled: true }).where(eq(users.username, 'demo-station'));
    await report('NWP-SH01', leakAlarm('S5'));
    clock = new Date(clock.getTime() + 60 * MINUTE);
    expect(await ctx.app.mailDigests.runOnce(clock)).toEqual({ written: 0, sent: 0, failed: 0 });
    expect(await rawRows(ctx.db, sql`select user_id from mail_cursors`)).toEqual([]);
    expect(smtp.received).toHaveLength(8);
  });
});

describe('the first digest after e-mail is turned on', () => {
  it('holds the alarms from the moment the settings were saved, not only from the next round', async () => {
    const [cairo] = await rawRows<{ id: number }>(ctx.db, sql`select id from stations where code = 'NWP-CA05'`);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/account',
      headers: { cookie: cookie.admin! },
      payload: { username: 'cairo-manager', nickname: 'Cairo manager', password: 'Cairo#2026pass', accountType: 3, unitId: cairo!.id, email: 'cairo@example.org', casUser: null },
    });
    expect(created.json().code).toBe(1000);
    cookie.cairo = await signIn(ctx.app, 'cairo-manager', 'Cairo#2026pass');
    userId.cairo = created.json().data.id;
    await mailSettings('cairo', 1);
    // Reported after the save and before any round: it belongs in the first digest.
    await report('NWP-CA05', levelAlarm('1', 2, new Date().toISOString()));
    const now = Date.now() + 1000;
    expect((await ctx.app.mailDigests.runOnce(new Date(now))).written).toBe(0);
    expect((await ctx.app.mailDigests.runOnce(new Date(now + MINUTE))).written).toBe(1);
    const [mail] = mailsTo('cairo@example.org');
    expect(rowsOf(mail!.text!).map((r) => r.split(' | ').slice(1, 3))).toEqual([['Cairo Nasr City', 'Tank 1']]);
  });
});

describe('without SMTP_URL', () => {
  it('mails are written to the log instead of sent', async () => {
    const logged: unknown[] = [];
    const logger = { info: (obj: unknown, msg: string) => logged.push({ obj, msg }) } as unknown as FastifyBaseLogger;
    await createMailTransport({ smtpUrl: undefined, from: undefined, logger }).send({ to: 'x@example.org', subject: 'S', text: 'T', html: '<p>T</p>' });
    expect(logged).toEqual([{ obj: { mail: { from: 'Ullage <noreply@ullage.invalid>', to: 'x@example.org', subject: 'S', text: 'T' } }, msg: 'mail (SMTP_URL unset: logged, not sent)' }]);
  });
});
