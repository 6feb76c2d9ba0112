import { randomBytes } from 'node:crypto';
import type { WebhookEndpointInput } from '@ullage/contracts/webhooks';
import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import type { Db } from '../../db/client';
import { assertValid, forbidden, notFound } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import { diff, recordAudit } from '../audit/service';
import { scopeOf } from '../scope/scope';
import { checkWebhookUrl, type Resolve } from './address';
import * as repo from './repo';

/*
 * Webhooks' public entry (issue 38). Other modules record their events here, inside the
 * transaction of the change that caused them (the outbox): recordEvent / recordEvents for a
 * station's events, recordAlarmEvents for alarms that opened, ended or were processed. The
 * endpoints' management is for this module's routes.
 */

export type { StationEvent } from './repo';

/** Records one station event in the caller's transaction (nothing is written when no endpoint hears it). */
export function recordEvent(tx: Db, event: repo.StationEvent): Promise<void> {
  return repo.insertStationEvents(tx, [event]);
}

/** Records many station events in one statement (the ingest's batches). */
export function recordEvents(tx: Db, events: readonly repo.StationEvent[]): Promise<void> {
  return repo.insertStationEvents(tx, events);
}

/** Records the events of alarms that just opened, ended or were processed, after the statement that changed them, in its transaction. */
export function recordAlarmEvents(tx: Db, phase: 'opened' | 'ended' | 'processed', alarmIds: readonly number[]): Promise<void> {
  return repo.insertAlarmEvents(tx, phase, alarmIds);
}

// ---------- endpoints ----------

/** What the endpoints' routes need besides the database. */
export interface WebhookSettings {
  allowPrivate: boolean;
  resolve?: Resolve;
  clock: () => Date;
}

/** A new signing secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks libraries take it. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

async function visible(db: Db, user: AuthUser, id: number) {
  const endpoint = await repo.findEndpoint(db, scopeOf(user), id);
  if (!endpoint) throw notFound();
  return endpoint;
}

export const getEndpoint = visible;

export function listEndpoints(db: Db, user: AuthUser, query: { page: number; pageSize: number; q?: string }) {
  return repo.listEndpoints(db, scopeOf(user), query);
}

/** The URL must parse, be http(s) without credentials, and every address of its host be allowed (91011 naming `url`). */
async function checkUrl(settings: WebhookSettings, url: string) {
  const check = await checkWebhookUrl(url, settings.allowPrivate, settings.resolve);
  if (!check.ok) assertValid([{ field: 'url', rule: check.rule }]);
}

/** Whose an endpoint is: the caller's own organisation (its role is checked on the route, `webhook:manage`). */
function ownerOf(user: AuthUser): { distributorId: number | null; companyId: number | null } {
  switch (user.accountType) {
    case ACCOUNT_TYPES.admin:
      return { distributorId: null, companyId: null };
    case ACCOUNT_TYPES.distributor:
      if (user.distributorId === null) throw forbidden();
      return { distributorId: user.distributorId, companyId: null };
    case ACCOUNT_TYPES.company:
      if (user.distributorId === null || user.companyId === null) throw forbidden();
      return { distributorId: user.distributorId, companyId: user.companyId };
    default:
      throw forbidden();
  }
}

const valuesOf = (input: WebhookEndpointInput): repo.EndpointValues => ({ url: input.url, description: input.description, events: [...new Set(input.events)], enabled: input.enabled });

/** Creates an endpoint of the caller's organisation; the answer carries its secret, this once. */
export async function createEndpoint(db: Db, settings: WebhookSettings, user: AuthUser, input: WebhookEndpointInput) {
  await checkUrl(settings, input.url);
  const owner = ownerOf(user);
  const secret = newSecret();
  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const newId = await repo.insertEndpoint(t, { ...valuesOf(input), ...owner, secret, createdBy: user.id });
    await recordAudit(t, user, 'create', 'webhook', newId, { ...valuesOf(input), ...owner });
    return newId;
  });
  return { ...(await visible(db, user, id)), secret };
}

export async function updateEndpoint(db: Db, settings: WebhookSettings, user: AuthUser, id: number, input: WebhookEndpointInput) {
  const before = await visible(db, user, id);
  await checkUrl(settings, input.url);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.updateEndpoint(t, id, valuesOf(input));
    await recordAudit(t, user, 'update', 'webhook', id, diff(before, { ...valuesOf(input) }));
  });
  return visible(db, user, id);
}

export async function deleteEndpoint(db: Db, user: AuthUser, id: number) {
  const before = await visible(db, user, id);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.deleteEndpoint(t, id);
    await recordAudit(t, user, 'delete', 'webhook', id, { url: before.url, description: before.description, events: before.events });
  });
}

/** A new secret at once (the old one stops signing); answered this once, never written to the log. */
export async function rotateSecret(db: Db, user: AuthUser, id: number) {
  await visible(db, user, id);
  const secret = newSecret();
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.updateEndpoint(t, id, { secret });
    await recordAudit(t, user, 'update', 'webhook', id, { secret: ['[rotated]', '[rotated]'] });
  });
  return { ...(await visible(db, user, id)), secret };
}

/** Queues a test.ping for this endpoint alone; the sender posts it within a second or two. */
export async function sendTestEvent(db: Db, settings: WebhookSettings, user: AuthUser, id: number): Promise<{ deliveryId: number }> {
  const endpoint = await visible(db, user, id);
  const at = settings.clock().toISOString();
  const deliveryId = await repo.insertTestEvent(db, endpoint, at, { endpointId: endpoint.id, message: 'Test event from Ullage', sentBy: user.username });
  return { deliveryId };
}

export async function listDeliveries(db: Db, user: AuthUser, id: number, query: { page: number; pageSize: number; status?: string }) {
  await visible(db, user, id);
  return repo.listDeliveries(db, id, query);
}

/** Sends a delivery again from its first attempt; another endpoint's delivery id is not found. */
export async function redeliver(db: Db, user: AuthUser, id: number, deliveryId: number): Promise<void> {
  await visible(db, user, id);
  if (!(await repo.resetDelivery(db, id, deliveryId))) throw notFound();
}
