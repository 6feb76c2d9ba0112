import type { OfflineListQuery, ProcessOfflineInput } from '@ullage/contracts/offline-records';
import { normalisedOfflineProcessing, offlineProcessingProblems } from '@ullage/domain/offline-processing';
import type { Db } from '../../db/client';
import type { MessageKey } from '../../i18n/en';
import { pageOf } from '../../lib/list';
import { assertValid, notFound, type FieldRule } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import { userMay } from '../scope/manage';
import { scopeOf } from '../scope/scope';
import { listOfflineRecords, markOfflineProcessed, offlineRecordsInScope } from './repo';

/** The form's fields as the refusals name them. */
const LABELS: Record<'handler' | 'type' | 'content', MessageKey> = {
  handler: 'field.offline.handler',
  type: 'field.offline.type',
  content: 'field.offline.content',
};

export async function findOfflineRecords(db: Db, user: AuthUser, query: OfflineListQuery, now: Date) {
  const backwards = query.from !== undefined && query.to !== undefined && Date.parse(query.from) >= Date.parse(query.to);
  assertValid(backwards ? [{ field: 'from', rule: 'rule.beforeEnd' }] : []);
  return listOfflineRecords(db, scopeOf(user), query, pageOf(query), now);
}

/** Whether the user may process offline records at all (`offline:process` of the role table): the list says so to the page. */
export function mayProcessOffline(user: AuthUser): boolean {
  return userMay(user, 'offline:process');
}

/**
 * Processes the records all or none (spec §4, §5); the route takes `offline:process`. The
 * form's fields first; then a record the user may not see answers "not found" (whether it
 * exists elsewhere is not theirs to learn); one already processed keeps its first processing
 * and refuses the whole request.
 */
export async function processOfflineRecords(db: Db, user: AuthUser, input: ProcessOfflineInput, now: Date): Promise<number> {
  assertValid(offlineProcessingProblems(input).map((p): FieldRule => ({ field: p.field, rule: `rule.${p.rule}`, labelKey: LABELS[p.field], ...(p.params ? { params: p.params } : {}) })));
  const processing = normalisedOfflineProcessing(input);
  const ids = [...new Set(input.ids)];
  const visible = await offlineRecordsInScope(db, scopeOf(user), ids);
  if (visible.length !== ids.length) throw notFound();
  assertValid(visible.some((r) => r.processed) ? [{ field: 'ids', rule: 'rule.alreadyProcessed', labelKey: 'field.offline.records' }] : []);
  return db.transaction(async (tx) => {
    const done = await markOfflineProcessed(tx as unknown as Db, ids, user.id, processing, now);
    // Another user processed one between the check and the update: roll back rather than half-succeed.
    assertValid(done === ids.length ? [] : [{ field: 'ids', rule: 'rule.alreadyProcessed', labelKey: 'field.offline.records' }]);
    return done;
  });
}
