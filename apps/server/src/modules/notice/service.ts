import { CODES } from '@ullage/contracts/codes';
import type { NoticeEdit, NoticeRow } from '@ullage/contracts/notice';
import { codesOfType, effectiveNoticeEntries, isValidMailFrequency, MAIL_FREQUENCY_DEFAULT, type NoticeEntry, type SavedNoticeEntry } from '@ullage/domain/notice-settings';
import type { Db } from '../../db/client';
import { AppError, assertValid, type FieldRule } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import { diff, recordAudit } from '../audit/service';
import type { LiveBus } from '../../live/bus';
import { noticeSettingsChanged } from './changes';
import * as repo from './repo';

/** In the top bar users edit only their own notice settings (spec §6). */
function assertOwn(user: AuthUser, userId: number) {
  if (user.id !== userId) throw new AppError(CODES.forbidden, 'common.forbidden');
}

export async function listSettings(db: Db, user: AuthUser, userId: number): Promise<NoticeRow[]> {
  assertOwn(user, userId);
  const saved = await repo.savedSettings(db, userId);
  const mailSendFrq = saved?.mailSendFrq ?? MAIL_FREQUENCY_DEFAULT;
  return effectiveNoticeEntries(saved?.entries ?? []).map((e) => ({ ...e, mailSendFrq }));
}

/** The alarm codes a user is alerted of in the app, as `type:code` (1 level, 2 leak). */
export async function alertCodes(db: Db, userId: number): Promise<Set<string>> {
  const saved = await repo.savedSettings(db, userId);
  return new Set(effectiveNoticeEntries(saved?.entries ?? []).filter((e) => e.byAlert === 1).map((e) => `${e.type}:${e.remark}`));
}

export async function editSettings(db: Db, bus: LiveBus, user: AuthUser, input: NoticeEdit): Promise<true> {
  assertOwn(user, input.userId);
  const problems: FieldRule[] = [];
  if (!isValidMailFrequency(input.mailSendFrq)) problems.push({ field: 'mailSendFrq', rule: 'rule.mailFrequency' });
  const hasMail = Boolean(await repo.mailAddressOf(db, input.userId));
  const saved = await repo.savedSettings(db, input.userId);
  // A client that sends only the spec's two channels leaves a push choice the user made as it was.
  const savedPush = new Map((saved?.entries ?? []).filter((e) => e.byPush !== undefined).map((e) => [`${e.type}:${e.remark}`, e.byPush]));
  const entries: SavedNoticeEntry[] = [];
  input.typeReferList.forEach((group, g) => {
    const known = new Set(codesOfType(group.type));
    group.referList.forEach((e, i) => {
      const at = `typeReferList.${g}.referList.${i}`;
      if (!known.has(e.remark)) problems.push({ field: `${at}.remark`, rule: 'rule.alarmCode' });
      // Spec §4: e-mail is disabled when the user has no mail address.
      else if (e.byEmail === 1 && !hasMail) problems.push({ field: `${at}.byEmail`, rule: 'rule.noMailAddress' });
      else {
        const byPush = e.byPush ?? savedPush.get(`${group.type}:${e.remark}`);
        entries.push({ type: group.type, remark: e.remark, byEmail: e.byEmail, byAlert: e.byAlert, ...(byPush === undefined ? {} : { byPush }) });
      }
    });
  });
  assertValid(problems);
  const before = noticeAuditValues(saved?.mailSendFrq ?? MAIL_FREQUENCY_DEFAULT, effectiveNoticeEntries(saved?.entries ?? []));
  const after = noticeAuditValues(Number(input.mailSendFrq), effectiveNoticeEntries(entries));
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.saveSettings(t, input.userId, Number(input.mailSendFrq), entries);
    const changes = diff(before, after);
    if (Object.keys(changes).length > 0) await recordAudit(t, user, 'update', 'account', input.userId, changes);
  });
  noticeSettingsChanged(bus, input.userId);
  return true;
}

/**
 * The notice settings as the audit log keeps them: the mail frequency and the alarms each
 * channel is on for, as `type:code` (1 level, 2 leak), sorted so equal settings compare equal.
 */
function noticeAuditValues(mailSendFrq: number, entries: readonly NoticeEntry[]) {
  const codes = (on: (e: NoticeEntry) => boolean) => entries.filter(on).map((e) => `${e.type}:${e.remark}`).sort();
  return { mailSendFrq, noticeByEmail: codes((e) => e.byEmail === 1), noticeByAlert: codes((e) => e.byAlert === 1), noticeByPush: codes((e) => e.byPush === 1) };
}

/**
 * A user whose mail address is removed (by themselves or an administrator) stops being
 * e-mailed: byEmail 1 → 0 in their saved settings, inside the caller's transaction, so
 * "byEmail needs a mail address" (spec §4) holds for stored settings too and the notice
 * dialog never shows checked e-mail boxes it cannot send. Setting an address again does not
 * turn them back on; the user chooses again. Answers whether anything changed: the caller
 * calls noticeSettingsChanged after its commit.
 */
export async function turnOffEmail(db: Db, userId: number): Promise<boolean> {
  const saved = await repo.savedSettings(db, userId);
  if (!saved?.entries.some((e) => e.byEmail === 1)) return false;
  await repo.saveSettings(db, userId, saved.mailSendFrq, saved.entries.map((e) => ({ ...e, byEmail: 0 as const })));
  return true;
}
