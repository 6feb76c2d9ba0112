import { DIGEST_MAX_LISTED } from '@ullage/domain/mail-digest';
import type { Language } from '@ullage/domain/languages';
import type { Translate } from '../../i18n/translate';
import { liveAlarmMessage, stationTime } from '../alarm-feed/message';
import type { FeedAlarm } from '../alarm-feed/service';

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * One user's digest, in their language: the same fields as the live alarm toast (spec §3),
 * a row per alarm, the state each is in now. Plain text for every mail reader, HTML (right
 * to left in Arabic) for the rest. At most DIGEST_MAX_LISTED rows; the count of the others.
 */
export function composeDigest(t: Translate, language: Language, recipient: { nickname: string; mailSendFrq: number }, alarms: readonly FeedAlarm[]): ComposedMail {
  const rows = alarms.slice(0, DIGEST_MAX_LISTED).map(({ alarm: a, timezone, sensorType }) => {
    const message = liveAlarmMessage(t, a, { timezone }, sensorType);
    const where = a.tankCode ? t('mail.digest.tank', { code: a.tankCode }) : a.sensorNo ? t('mail.digest.sensor', { code: a.sensorNo }) : '--';
    const alarm = [message.alarmTypeDesc ?? String(a.code), message.sensorTypeDesc].filter(Boolean).join(' · ');
    const state = a.endedAt ? t('mail.digest.cleared', { time: stationTime(a.endedAt, timezone) }) : t('mail.digest.active');
    return [message.startTime ?? '--', a.stationName, where, message.classifyName ?? '--', alarm, state];
  });
  const more = alarms.length - rows.length;
  const header = [
    t('mail.digest.column.start'),
    t('mail.digest.column.station'),
    t('mail.digest.column.where'),
    t('mail.digest.column.kind'),
    t('mail.digest.column.alarm'),
    t('mail.digest.column.state'),
  ];
  const greeting = t('mail.digest.greeting', { name: recipient.nickname });
  const intro = t('mail.digest.intro');
  const moreLine = more > 0 ? t('mail.digest.more', { count: more }) : null;
  const footer = t('mail.digest.footer', { minutes: recipient.mailSendFrq });

  const text = [greeting, '', intro, '', ...rows.map((r) => r.join(' | ')), ...(moreLine ? ['', moreLine] : []), '', '--', footer, ''].join('\n');

  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const cell = (tag: 'th' | 'td', v: string) => `<${tag} style="border:1px solid #d9d9d9;padding:4px 8px;text-align:start">${escapeHtml(v)}</${tag}>`;
  const html = [
    `<!doctype html><html lang="${language.replace('_', '-')}" dir="${dir}"><head><meta charset="utf-8"></head>`,
    `<body style="font-family:sans-serif;font-size:14px;color:#1f1f1f" dir="${dir}">`,
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>`,
    '<table style="border-collapse:collapse">',
    `<thead><tr>${header.map((h) => cell('th', h)).join('')}</tr></thead>`,
    `<tbody>${rows.map((r) => `<tr>${r.map((v) => cell('td', v)).join('')}</tr>`).join('')}</tbody>`,
    '</table>',
    moreLine ? `<p>${escapeHtml(moreLine)}</p>` : '',
    `<p style="color:#8c8c8c;font-size:12px">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('');

  return { subject: t('mail.digest.subject', { count: alarms.length }), text, html };
}
