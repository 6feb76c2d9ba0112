import type { DeliveryListQuery, DeliveryRow } from '@ullage/contracts/delivery-report';
import { DELIVERY_RANGE_MAX_DAYS, deliveryRangeProblem } from '@ullage/domain/delivery-figures';
import type { Db } from '../../db/client';
import { pageOf } from '../../lib/list';
import { assertValid } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import { scopeOf } from '../scope/scope';
import { deliveryInScope, listDeliveries, unfinishedRows } from './repo';
import type { DeliveryTicketInput } from '@ullage/contracts/reconciliation';
import { notFound } from '../../plugins/errors';
import { recordAudit } from '../audit/service';
import { setTicket } from '../ingest/service';
import { recordEvent, type StationEvent } from '../webhooks/service';

/** The delivery records a user may see as of `nowMs`; a range that ends before it starts, or spans over a year, is refused. */
export async function findDeliveries(db: Db, user: AuthUser, query: DeliveryListQuery, nowMs: number) {
  assertRange(query);
  return listDeliveries(db, scopeOf(user), query, pageOf(query), nowMs);
}

/** The delivery records a user may see, without totals, to be finished a batch at a time (the export). */
export async function findUnfinishedRows(db: Db, user: AuthUser, query: DeliveryListQuery, nowMs: number) {
  assertRange(query);
  return unfinishedRows(db, scopeOf(user), query, pageOf(query), nowMs);
}

function assertRange(query: DeliveryListQuery) {
  const problem = deliveryRangeProblem(query.from === undefined ? undefined : Date.parse(query.from), query.to === undefined ? undefined : Date.parse(query.to));
  assertValid(
    problem === 'startBeforeEnd'
      ? [{ field: 'from', rule: 'rule.beforeEnd' }]
      : problem === 'maxDays'
        ? [{ field: 'to', rule: 'rule.maxDays', params: { days: DELIVERY_RANGE_MAX_DAYS } }]
        : [],
  );
}

/**
 * Sets (input) or removes (null) a delivery's ticket (issue 23); the routes take
 * `delivery:ticket` (roles.ts). A delivery the user cannot see is not found, whatever its id;
 * the change is audited. Answers the delivery as listed.
 */
export async function saveTicket(db: Db, user: AuthUser, id: number, input: DeliveryTicketInput | null) {
  const scope = scopeOf(user);
  const before = await deliveryInScope(db, scope, id);
  if (!before) throw notFound();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await setTicket(t, id, input && { volumeL: input.volumeL, tcVolumeL: input.tcVolumeL ?? null, ticketNo: input.ticketNo || null }, 'user');
    await recordAudit(t, user, 'update', 'delivery', id, {
      ticketVolumeL: [before.ticketVolumeL, input?.volumeL ?? null],
      ticketTcVolumeL: [before.ticketTcVolumeL, input?.tcVolumeL ?? null],
      ticketNo: [before.ticketNo, input?.ticketNo || null],
    });
    const after = (await deliveryInScope(t, scope, id))!;
    // A ticket beyond the company's tolerance: delivery.ticket_variance to the webhooks (issue 38), with the change.
    if (after.ticketFlagged && after.ticketVolumeL !== null) await recordEvent(t, ticketVarianceEvent(after));
    return after;
  });
}

/** delivery.ticket_variance of a delivery whose ticket differs from what arrived beyond the tolerance (litres; the payload converts). */
function ticketVarianceEvent(d: DeliveryRow): StationEvent {
  return {
    type: 'delivery.ticket_variance',
    stationId: d.stationId,
    tankId: d.tankId,
    occurredAt: new Date().toISOString(),
    data: {
      deliveryId: d.id,
      tankId: d.tankId,
      ticketNo: d.ticketNo,
      ticketVolumeL: d.ticketVolumeL,
      deliveredL: d.deliveredL,
      differenceL: d.ticketDiffL,
      differencePct: d.ticketDiffPct,
      tolerancePct: d.ticketTolerancePct,
      startedAt: d.startedAt,
      endedAt: d.endedAt,
    },
  };
}
