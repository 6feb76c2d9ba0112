import nodemailer from 'nodemailer';
import type { FastifyBaseLogger as Logger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mails go: an SMTP server, or, with none configured, the log (README: SMTP_URL unset). */
export interface MailTransport {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Without From, servers refuse mail or file it as spam; operators set MAIL_FROM to their own domain. */
export const DEFAULT_MAIL_FROM = 'Ullage <noreply@ullage.invalid>';

/**
 * Timeouts short enough that a mail server that accepts the connection and then says nothing
 * costs one round of the digest loop, not the process's patience.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailTransport(options: { smtpUrl: string | undefined; from: string | undefined; logger: Logger }): MailTransport {
  const from = options.from ?? DEFAULT_MAIL_FROM;
  if (!options.smtpUrl) {
    return {
      async send(mail) {
        options.logger.info({ mail: { from, to: mail.to, subject: mail.subject, text: mail.text } }, 'mail (SMTP_URL unset: logged, not sent)');
      },
      close() {},
    };
  }
  const transporter = nodemailer.createTransport({ url: options.smtpUrl, ...TIMEOUTS });
  return {
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close() {
      transporter.close();
    },
  };
}
