import type { AlarmListQuery, ProcessAlarmsInput } from '@ullage/contracts/alarms';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../sessions/auth-user';
import { assertValid, notFound } from '../../plugins/errors';
import { scopeOf } from '../scope/scope';
import { alarmExportRows, alarmsInScope, listAlarms, markProcessed } from './repo';
import { recordAlarmEvents } from '../webhooks/service';

/** A range whose start is not before its end is refused, as the history query does (spec §8). */
function assertRange(query: Pick<AlarmListQuery, 'from' | 'to'>) {
  const bad = query.from !== undefined && query.to !== undefined && Date.parse(query.from) >= Date.parse(query.to);
  assertValid(bad ? [{ field: 'from', rule: 'rule.beforeEnd' }] : []);
}

export async function findAlarms(db: Db, user: AuthUser, query: AlarmListQuery) {
  assertRange(query);
  return listAlarms(db, scopeOf(user), query);
}

/** The export's alarms, as the list filters and orders them, made a batch at a time as the file is written. */
export async function alarmsToExport(db: Db, user: AuthUser, query: AlarmListQuery, max: number) {
  assertRange(query);
  return alarmExportRows(db, scopeOf(user), query, max);
}

/**
 * Processes the alarms all or none: one the user may not see answers "not found" (whether
 * it exists elsewhere is not theirs to learn); one already processed keeps its first note.
 */
export async function processAlarms(db: Db, user: AuthUser, input: ProcessAlarmsInput, now: Date): Promise<number> {
  const ids = [...new Set(input.ids)];
  const visible = await alarmsInScope(db, scopeOf(user), ids);
  if (visible.length !== ids.length) throw notFound();
  assertValid(visible.some((a) => a.processed) ? [{ field: 'ids', rule: 'rule.alreadyProcessed' }] : []);
  return db.transaction(async (tx) => {
    const done = await markProcessed(tx as unknown as Db, ids, user.id, input.note, now);
    // Another user processed one between the check and the update: roll back rather than half-succeed.
    assertValid(done === ids.length ? [] : [{ field: 'ids', rule: 'rule.alreadyProcessed' }]);
    // alarm.processed to the webhooks that hear it, with the change (issue 38).
    await recordAlarmEvents(tx as unknown as Db, 'processed', ids);
    return done;
  });
}
