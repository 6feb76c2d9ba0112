import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A mail server on loopback for tests and for trying e-mail by hand (`npm run fake-smtp`):
 * accepts every message without authentication and keeps it, parsed.
 */
export interface FakeSmtp {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ParsedMail[];
  /** Resolves when `count` messages have arrived in all (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startFakeSmtp(options: { port?: number; onMail?: (mail: ParsedMail) => void } = {}): Promise<FakeSmtp> {
  const received: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          options.onMail?.(mail);
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(count, ms = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${received.length} of ${count} mails arrived in ${ms} ms`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
