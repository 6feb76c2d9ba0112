import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { ALARM_EXTRA_EVENTS, type StoredWebhookEvent } from '@ullage/domain/webhook-events';
import type { Db } from '../../db/client';
import { companies, distributors, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { pageOf } from '../../lib/list';
import { pgArray, preparedRows, rawRows } from '../../lib/raw-sql';
import { utcText } from '../../lib/utc-text';
import { scopeFilter, type Scope, type ScopeColumns } from '../scope/scope';

// The SQL of webhooks: endpoints (scoped like every organisation's rows), the outbox, the claims.

const ENDPOINT_SCOPE: ScopeColumns = { distributorId: webhookEndpoints.distributorId, companyId: webhookEndpoints.companyId };

/** An endpoint hears an event of its organisation's stations (all of them for the administrator's) that it subscribed to. */
const hears = (ep: string, type: SQL, distributorId: SQL, companyId: SQL) =>
  sql`${sql.raw(ep)}.enabled and ${type} = any(${sql.raw(ep)}.events)
      and (${sql.raw(ep)}.distributor_id is null or ${sql.raw(ep)}.distributor_id = ${distributorId})
      and (${sql.raw(ep)}.company_id is null or ${sql.raw(ep)}.company_id = ${companyId})`;

/** What the payload names beside the facts: the station as it is now, the tank's code, the company's units. */
const CONTEXT = sql`jsonb_build_object('stationId', s.id, 'stationCode', s.code, 'stationName', s.name, 'stationZone', s.timezone,
  'tankCode', t.code, 'volumeUnit', c.volume_unit, 'tempUnit', c.temp_unit)`;

/** The events inserted (`ev`: id, distributor_id, company_id, type) become a delivery to each endpoint that hears them. */
const FAN_OUT = sql`insert into webhook_deliveries (event_id, endpoint_id)
  select ev.id, ep.id from ev join webhook_endpoints ep on ${hears('ep', sql`ev.type`, sql`ev.distributor_id`, sql`ev.company_id`)}`;

export interface StationEvent {
  type: string;
  stationId: number;
  tankId?: number | null;
  /** ISO 8601 */
  occurredAt: string;
  /** Facts in SI units: keys ending in L litres, in C degrees Celsius. */
  data: Record<string, unknown>;
}

/**
 * Writes station events and their deliveries in one statement, inside the caller's transaction.
 * An event no enabled endpoint hears is not written: one created later need not hear the past.
 */
export async function insertStationEvents(db: Db, events: readonly StationEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((e) => ({ type: e.type, station_id: e.stationId, tank_id: e.tankId ?? null, occurred_at: e.occurredAt, data: e.data }));
  await preparedRows(
    db,
    sql`with e as (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(type text, station_id int, tank_id int, occurred_at timestamptz, data jsonb)),
      ev as (
        insert into webhook_events (distributor_id, company_id, station_id, type, occurred_at, data, context)
        select s.distributor_id, s.company_id, s.id, e.type, e.occurred_at, e.data, ${CONTEXT}
        from e join stations s on s.id = e.station_id join companies c on c.id = s.company_id left join tanks t on t.id = e.tank_id
        where exists (select 1 from webhook_endpoints ep where ${hears('ep', sql`e.type`, sql`s.distributor_id`, sql`s.company_id`)})
        returning id, distributor_id, company_id, type)
      ${FAN_OUT}`,
  );
}

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Writes the events of alarms that opened, ended or were processed (after the statement that
 * changed them, in its transaction): alarm.<phase>, and the leak test's, variance's and run-out's
 * own events for their codes (ALARM_EXTRA_EVENTS).
 */
export async function insertAlarmEvents(db: Db, phase: 'opened' | 'ended' | 'processed', alarmIds: readonly number[]): Promise<void> {
  if (alarmIds.length === 0) return;
  const at = phase === 'opened' ? 'a.started_at' : phase === 'ended' ? 'a.ended_at' : 'a.processed_at';
  await preparedRows(
    db,
    sql`with ev as (
        insert into webhook_events (distributor_id, company_id, station_id, type, occurred_at, data, context)
        select a.distributor_id, a.company_id, a.station_id, x.type, coalesce(${sql.raw(at)}, now()),
          jsonb_build_object('alarmId', a.id, 'kind', a.kind, 'code', a.code, 'source', a.source, 'tankId', a.tank_id, 'sensorNo', a.sensor_no,
            'startedAt', ${iso('a.started_at')}, 'endedAt', ${iso('a.ended_at')}, 'processed', a.processed, 'processedAt', ${iso('a.processed_at')}, 'note', a.note),
          ${CONTEXT}
        from alarms a join stations s on s.id = a.station_id join companies c on c.id = a.company_id left join tanks t on t.id = a.tank_id
        cross join lateral (select ${`alarm.${phase}`}::text as type
          union all select jsonb_array_elements_text(coalesce(${JSON.stringify(ALARM_EXTRA_EVENTS[phase])}::jsonb -> (a.kind || ':' || a.code), '[]'::jsonb))) x
        where a.id = any(${pgArray([...alarmIds])}::bigint[])
          and exists (select 1 from webhook_endpoints ep where ${hears('ep', sql`x.type`, sql`a.distributor_id`, sql`a.company_id`)})
        returning id, distributor_id, company_id, type)
      ${FAN_OUT}`,
  );
}

/** A test event for one endpoint only, due at once. */
export async function insertTestEvent(db: Db, endpoint: { id: number; distributorId: number | null; companyId: number | null }, occurredAt: string, data: Record<string, unknown>): Promise<number> {
  const rows = await rawRows<{ id: string | number }>(
    db,
    sql`with ev as (insert into webhook_events (distributor_id, company_id, type, occurred_at, data)
          values (${endpoint.distributorId}, ${endpoint.companyId}, 'test.ping', ${occurredAt}, ${JSON.stringify(data)}::jsonb) returning id)
        insert into webhook_deliveries (event_id, endpoint_id) select id, ${endpoint.id} from ev returning id`,
  );
  return Number(rows[0]!.id);
}

// ---------- endpoints ----------

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  disabledReason: webhookEndpoints.disabledReason,
  failingSince: sql<string | null>`${utcText(webhookEndpoints.failingSince)}`,
  distributorId: webhookEndpoints.distributorId,
  companyId: webhookEndpoints.companyId,
  ownerName: sql<string | null>`coalesce(${companies.name}, ${distributors.name})`,
  createdAt: utcText(webhookEndpoints.createdAt),
  updatedAt: utcText(webhookEndpoints.updatedAt),
  lastStatus: sql<string | null>`(select d.status from webhook_deliveries d where d.endpoint_id = ${webhookEndpoints.id} order by d.id desc limit 1)`,
  lastAttemptAt: sql<string | null>`(select ${iso('max(d.last_attempt_at)')} from webhook_deliveries d where d.endpoint_id = ${webhookEndpoints.id})`,
};

export async function listEndpoints(db: Db, scope: Scope, filter: { page: number; pageSize: number; q?: string; id?: number }) {
  const where = and(
    scopeFilter(scope, ENDPOINT_SCOPE),
    filter.q ? sql`(${webhookEndpoints.url} ilike ${`%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or ${webhookEndpoints.description} ilike ${`%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})` : undefined,
    filter.id === undefined ? undefined : eq(webhookEndpoints.id, filter.id),
  ) as SQL | undefined;
  const { limit, offset } = pageOf(filter);
  const [list, total] = await Promise.all([
    db
      .select(endpointColumns)
      .from(webhookEndpoints)
      .leftJoin(companies, eq(companies.id, webhookEndpoints.companyId))
      .leftJoin(distributors, eq(distributors.id, webhookEndpoints.distributorId))
      .where(where)
      .orderBy(desc(webhookEndpoints.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints).where(where),
  ]);
  return { list, total: total[0]?.n ?? 0 };
}

export async function findEndpoint(db: Db, scope: Scope, id: number) {
  return (await listEndpoints(db, scope, { id, page: 1, pageSize: 1 })).list[0];
}

export interface EndpointValues {
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
}

export async function insertEndpoint(db: Db, values: EndpointValues & { distributorId: number | null; companyId: number | null; secret: string; createdBy: number }): Promise<number> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id });
  return row!.id;
}

/** Edits an endpoint; enabling one clears the reason the server disabled it and its failing time. */
export async function updateEndpoint(db: Db, id: number, values: Partial<EndpointValues> & { secret?: string }) {
  await db
    .update(webhookEndpoints)
    .set({ ...values, ...(values.enabled ? { disabledReason: null, failingSince: null } : {}), updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, id));
}

export async function deleteEndpoint(db: Db, id: number) {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

// ---------- deliveries (read through a visible endpoint) ----------

export async function listDeliveries(db: Db, endpointId: number, filter: { page: number; pageSize: number; status?: string }) {
  const where = and(eq(webhookDeliveries.endpointId, endpointId), filter.status ? eq(webhookDeliveries.status, filter.status) : undefined) as SQL;
  const { limit, offset } = pageOf(filter);
  const ms = (c: Parameters<typeof utcText>[0]) => sql<string | null>`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const [list, total] = await Promise.all([
    db
      .select({
        id: webhookDeliveries.id,
        eventId: sql<string>`${webhookEvents.uid}::text`,
        eventType: webhookEvents.type,
        occurredAt: sql<string>`${ms(webhookEvents.occurredAt)}`,
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
        lastStatusCode: webhookDeliveries.lastStatusCode,
        lastError: webhookDeliveries.lastError,
        lastAttemptAt: ms(webhookDeliveries.lastAttemptAt),
        nextAttemptAt: ms(webhookDeliveries.nextAttemptAt),
        durationMs: webhookDeliveries.durationMs,
        responseExcerpt: webhookDeliveries.responseExcerpt,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where),
  ]);
  return { list: list as ((typeof list)[number] & { status: 'pending' | 'failed' | 'succeeded' | 'gave_up' })[], total: total[0]?.n ?? 0 };
}

/** Sends a delivery again from the start (a new 24-hour window); answers whether it is the endpoint's. */
export async function resetDelivery(db: Db, endpointId: number, deliveryId: number): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: null, retryUntil: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

// ---------- the sender's claims and results ----------

export interface ClaimedDelivery {
  id: number;
  endpointId: number;
  attempts: number;
  retryUntil: string | null;
  url: string;
  secret: string;
  event: StoredWebhookEvent;
}

/**
 * Claims due deliveries: at most `perEndpoint` of each endpoint (oldest event first) and `limit`
 * in all, of enabled endpoints not in `busy` (being sent to by this instance). A claim moves the
 * delivery's next attempt to `leaseUntil`: another sender skips it (SKIP LOCKED while the claim
 * commits, the later time after), and if this one dies before recording an outcome the delivery
 * is due again then — none is lost, none is sent twice in the normal case.
 */
export async function claimDue(db: Db, options: { now: Date; leaseUntil: Date; limit: number; perEndpoint: number; busy: readonly number[] }): Promise<ClaimedDelivery[]> {
  const now = options.now.toISOString();
  const due = sql`d.status in ('pending', 'failed') and (d.next_attempt_at is null or d.next_attempt_at <= ${now}::timestamptz)`;
  const rows = await rawRows<{
    id: string | number;
    endpoint_id: number;
    attempts: number;
    retry_until: string | null;
    url: string;
    secret: string;
    uid: string;
    type: string;
    occurred_at: string;
    data: Record<string, unknown>;
    context: StoredWebhookEvent['context'];
  }>(
    db,
    sql`with candidates as (
          select d.id, row_number() over (partition by d.endpoint_id order by d.event_id, d.id) as n
          from webhook_deliveries d join webhook_endpoints ep on ep.id = d.endpoint_id
          where ${due} and ep.enabled and not (d.endpoint_id = any(${pgArray([...options.busy])}::int[]))),
        locked as (
          select d.id from webhook_deliveries d
          where d.id in (select id from candidates where n <= ${options.perEndpoint}) and ${due}
          order by d.event_id, d.id limit ${options.limit}
          for update skip locked),
        claimed as (
          update webhook_deliveries d set next_attempt_at = ${options.leaseUntil.toISOString()}::timestamptz
          from locked where d.id = locked.id
          returning d.id, d.endpoint_id, d.event_id, d.attempts, d.retry_until)
        select c.id, c.endpoint_id, c.attempts, ${iso('c.retry_until')} as retry_until, ep.url, ep.secret,
          e.uid::text as uid, e.type, ${iso('e.occurred_at')} as occurred_at, e.data, e.context
        from claimed c join webhook_endpoints ep on ep.id = c.endpoint_id join webhook_events e on e.id = c.event_id
        order by c.event_id, c.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    endpointId: r.endpoint_id,
    attempts: r.attempts,
    retryUntil: r.retry_until,
    url: r.url,
    secret: r.secret,
    event: { uid: r.uid, type: r.type, occurredAt: r.occurred_at, data: r.data, context: r.context ?? {} },
  }));
}

export interface AttemptRecord {
  id: number;
  status: 'succeeded' | 'failed' | 'gave_up';
  attempts: number;
  nextAttemptAt: Date | null;
  retryUntil: Date;
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  excerpt: string | null;
}

export async function recordAttempt(db: Db, r: AttemptRecord): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: r.status,
      attempts: r.attempts,
      nextAttemptAt: r.nextAttemptAt,
      retryUntil: r.retryUntil,
      lastAttemptAt: r.at,
      lastStatusCode: r.statusCode,
      lastError: r.error,
      durationMs: r.durationMs,
      responseExcerpt: r.excerpt,
    })
    .where(eq(webhookDeliveries.id, r.id));
}

/** Claimed deliveries not tried this round (their endpoint just failed) wait until `at`, behind the one that failed. */
export async function postpone(db: Db, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update webhook_deliveries set next_attempt_at = ${at.toISOString()}::timestamptz where id = any(${pgArray([...ids])}::bigint[])`);
}

/** An endpoint answered: it is failing no more. */
export async function endpointSucceeded(db: Db, endpointId: number): Promise<void> {
  await db.execute(sql`update webhook_endpoints set failing_since = null where id = ${endpointId} and failing_since is not null`);
}

/** An endpoint failed at `at`: failing since then unless it already was; answers since when, and the owner's contact. */
export async function endpointFailed(db: Db, endpointId: number, at: Date): Promise<{ failingSince: string } | undefined> {
  const [row] = await rawRows<{ failing_since: string }>(
    db,
    sql`update webhook_endpoints set failing_since = coalesce(failing_since, ${at.toISOString()}::timestamptz) where id = ${endpointId}
        returning ${iso('failing_since')} as failing_since`,
  );
  return row ? { failingSince: row.failing_since } : undefined;
}

/** The mail address and language of the account that made an endpoint (to tell it the endpoint was disabled). */
export async function creatorContact(db: Db, userId: number): Promise<{ email: string | null; language: string | null } | undefined> {
  const [row] = await rawRows<{ email: string | null; language: string | null }>(db, sql`select email, language from users where id = ${userId} and not disabled`);
  return row;
}

/** Disables an endpoint that has failed for a day; answers its URL and its creator's mail address, if it was enabled. */
export async function disableFailingEndpoint(db: Db, endpointId: number): Promise<{ url: string; createdBy: number | null } | undefined> {
  const [row] = await rawRows<{ url: string; created_by: number | null }>(
    db,
    sql`update webhook_endpoints set enabled = false, disabled_reason = 'failing', updated_at = now() where id = ${endpointId} and enabled returning url, created_by`,
  );
  return row ? { url: row.url, createdBy: row.created_by } : undefined;
}
