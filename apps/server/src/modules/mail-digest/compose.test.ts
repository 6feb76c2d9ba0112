import { describe, expect, it } from 'vitest';
import { DIGEST_MAX_LISTED } from '@ullage/domain/mail-digest';
import { ar } from '../../i18n/ar';
import { translator } from '../../i18n/translate';
import type { FeedAlarm } from '../alarm-feed/repo';
import { composeDigest } from './compose';

const alarm = (id: number, over: Partial<FeedAlarm['alarm']> = {}): FeedAlarm => ({
  seq: id,
  alarm: { id, stationId: 1, stationName: 'Cairo <Nasr> City', timezone: 'Africa/Cairo', kind: 'level', code: 10, tankCode: '3', sensorNo: null, startedAt: '2026-11-23T08:00:00.000Z', endedAt: null, ...over },
  origin: { distributorId: 1, companyId: 1, stationId: 1 },
  timezone: 'Africa/Cairo',
  sensorType: null,
});

describe('digest text', () => {
  it('Arabic: subject, rows and an HTML body set right to left, station names escaped', () => {
    const mail = composeDigest(translator('ar'), 'ar', { nickname: 'مدير', mailSendFrq: 30 }, [alarm(1), alarm(2, { endedAt: '2026-11-23T08:30:00.000Z' })]);
    expect(mail.subject).toBe(ar['mail.digest.subject'].replace('{count}', '2'));
    expect(mail.text.split('\n')).toContain(`2026-11-23 10:00:00 | Cairo <Nasr> City | ${ar['mail.digest.tank'].replace('{code}', '3')} | ${ar['alarm.kind.level']} | ${ar['alarm.code.level.10']} | ${ar['mail.digest.active']}`);
    expect(mail.text).toContain(ar['mail.digest.cleared'].replace('{time}', '2026-11-23 10:30:00'));
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain('Cairo &lt;Nasr&gt; City');
    expect(mail.html).not.toContain('<Nasr>');
  });

  it('an alarm storm lists the first DIGEST_MAX_LISTED and counts the rest', () => {
    const many = Array.from({ length: DIGEST_MAX_LISTED + 7 }, (_, i) => alarm(i + 1));
    const mail = composeDigest(translator('en'), 'en', { nickname: 'Ops', mailSendFrq: 5 }, many);
    expect(mail.subject).toBe(`Ullage: alarms at your stations (${DIGEST_MAX_LISTED + 7})`);
    expect(mail.text.split('\n').filter((l) => l.includes(' | Cairo'))).toHaveLength(DIGEST_MAX_LISTED);
    expect(mail.text).toContain('…and 7 more. The alarm pages list them all.');
    expect(mail.text).toContain('It is sent at most every 5 minutes.');
    expect(mail.html).toContain('dir="ltr"');
  });
});
