import type { FastifyBaseLogger as Logger } from 'fastify';
import { afterMailFailure, isDigestDue, mailCodes } from '@ullage/domain/mail-digest';
import { effectiveNoticeEntries } from '@ullage/domain/notice-settings';
import { isLanguage, type Language } from '@ullage/domain/languages';
import type { Db } from '../../db/client';
import { translator } from '../../i18n/translate';
import { scopeOf } from '../scope/scope';
import { composeDigest } from './compose';
import * as repo from './repo';
import type { MailTransport } from './transport';

/** Claimed alarms of one user per digest: more than a mail can list, fewer than a query should fetch. */
const ALARMS_PER_DIGEST = 1000;
/** Mails sent per round; the rest wait for the next round. */
const MAILS_PER_ROUND = 50;

export interface DigestRound {
  written: number;
  sent: number;
  failed: number;
}

/**
 * Alarm e-mail digests (issue 5): every round writes a digest for each user whose frequency
 * has come round and who has new alarms of their e-mail codes in their scope, then sends
 * what is due. Writing and sending are separate so that a mail server that is down delays
 * mails, never loses them or blocks the writing; the (user, alarm) key means an alarm is in
 * one digest per user, once. A mail the server accepted but whose "sent" mark was lost (the
 * process died between the two) can go again: at least once, never dropped.
 */
export class MailDigests {
  private running: Promise<DigestRound> | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly logger: Logger,
    private readonly defaultLanguage: Language,
  ) {}

  /** One round; a round still going when the next is asked for is joined, not doubled. */
  runOnce(now: Date = new Date()): Promise<DigestRound> {
    this.running ??= this.round(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    await this.running?.catch(() => undefined);
    this.transport.close();
  }

  private async round(now: Date): Promise<DigestRound> {
    const written = await this.writeDigests(now);
    const { sent, failed } = await this.sendDue(now);
    return { written, sent, failed };
  }

  private async writeDigests(now: Date): Promise<number> {
    const users = await repo.mailUsers(this.db);
    await repo.dropCursorsExcept(this.db, users.map((u) => u.id));
    let written = 0;
    for (const user of users) {
      try {
        if (await this.writeDigestOf(user, now)) written++;
      } catch (error) {
        // One user's trouble (a station deleted mid-round, say) does not hold up the others' mail.
        this.logger.warn({ err: error, userId: user.id }, 'alarm digest not written');
      }
    }
    return written;
  }

  private async writeDigestOf(user: repo.MailUser, now: Date): Promise<boolean> {
    let since = user.since;
    if (!since) {
      // E-mail just turned on, when the settings were saved: alarms from then on, not the history.
      since = new Date(Math.min(now.getTime(), user.settingsSavedAt.getTime()));
      await repo.startCursor(this.db, user.id, since);
    }
    if (!isDigestDue(since, user.lastDigestAt, user.mailSendFrq, now)) return false;
    const scope = scopeOf({ ...user, username: '', mustChangePassword: false });
    const alarms = await repo.unmailedAlarms(this.db, user.id, scope, mailCodes(effectiveNoticeEntries(user.entries)), since, ALARMS_PER_DIGEST);
    if (alarms.length === 0) return false;
    const language = isLanguage(user.language) ? user.language : this.defaultLanguage;
    const mail = composeDigest(translator(language), language, user, alarms);
    const digest = { userId: user.id, toAddress: user.email, subject: mail.subject, bodyText: mail.text, bodyHtml: mail.html, alarmIds: alarms.map((a) => a.alarm.id) };
    const id = await repo.writeDigest(this.db, digest, user.lastDigestAt, now);
    if (id === null) return false;
    this.logger.info({ digestId: id, userId: user.id, alarms: alarms.length }, 'alarm digest written');
    return true;
  }

  private async sendDue(now: Date): Promise<{ sent: number; failed: number }> {
    const due = await repo.claimDueMails(this.db, now, MAILS_PER_ROUND);
    let sent = 0;
    let failed = 0;
    for (const [index, mail] of due.entries()) {
      try {
        await this.transport.send({ to: mail.toAddress, subject: mail.subject, text: mail.bodyText, html: mail.bodyHtml });
        await repo.markSent(this.db, mail.id, new Date());
        sent++;
      } catch (error) {
        failed++;
        const message = error instanceof Error ? error.message : String(error);
        const next = afterMailFailure(mail.createdAt, mail.attempts + 1, now);
        await repo.markFailed(this.db, mail.id, message, next);
        this.logger.warn({ digestId: mail.id, attempts: mail.attempts + 1, err: message, next }, next.state === 'failed' ? 'alarm digest given up' : 'alarm digest not sent: will retry');
        if (isConnectionError(error)) {
          // The server is not there: the others would wait for the same timeout. Next round.
          for (const rest of due.slice(index + 1)) await repo.releaseClaim(this.db, rest.id);
          break;
        }
      }
    }
    return { sent, failed };
  }
}

/** Nodemailer's codes for a server that cannot be reached or does not answer. */
function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'ECONNECTION' || code === 'ETIMEDOUT' || code === 'ESOCKET' || code === 'EDNS';
}
