/**
 * A server instance's webhook sender in a process of its own, for the test that kills it mid-post
 * (modules/webhooks/sender-instances.test.ts): sends rounds on the PostgreSQL database named on
 * the command line, prints `sending` once started, and runs until it is killed.
 * Run: node --import tsx apps/server/src/test/webhook-sender-cli.ts <database-url>
 */
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openPostgres } from '../db/client';
import { WebhookSender } from '../modules/webhooks/sender';

const [url] = process.argv.slice(2);
const database = await openPostgres(url!);
const sender = new WebhookSender({ db: database.db, clock: () => new Date(), logger: pino({ level: 'silent' }) as unknown as FastifyBaseLogger }, { allowPrivate: true });
process.stdout.write('sending\n');
setInterval(() => void sender.startRound().catch(() => undefined), 100);
