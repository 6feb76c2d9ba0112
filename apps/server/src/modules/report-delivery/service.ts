import type { DeliveryListQuery } from '@ullage/contracts/delivery-report';
import { DELIVERY_RANGE_MAX_DAYS, deliveryRangeProblem } from '@ullage/domain/delivery-figures';
import type { Db } from '../../db/client';
import { pageOf } from '../../lib/list';
import { assertValid } from '../../plugins/errors';
import type { AuthUser } from '../auth/session-repo';
import { scopeOf } from '../scope/scope';
import { listDeliveries } from './repo';

/** The delivery records a user may see; a range that ends before it starts, or spans over a year, is refused. */
export async function findDeliveries(db: Db, user: AuthUser, query: DeliveryListQuery) {
  const problem = deliveryRangeProblem(query.from === undefined ? undefined : Date.parse(query.from), query.to === undefined ? undefined : Date.parse(query.to));
  assertValid(
    problem === 'startBeforeEnd'
      ? [{ field: 'from', rule: 'rule.beforeEnd' }]
      : problem === 'maxDays'
        ? [{ field: 'to', rule: 'rule.maxDays', params: { days: DELIVERY_RANGE_MAX_DAYS } }]
        : [],
  );
  return listDeliveries(db, scopeOf(user), query, pageOf(query));
}
