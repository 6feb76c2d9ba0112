import type { HistoryQuery, HistorySeries, HistorySeriesQuery } from '@ullage/contracts/history';
import {
  HISTORY_RANGE_MAX_DAYS,
  HISTORY_SERIES_MAX_POINTS,
  HISTORY_TREND_MAX_DAYS,
  HISTORY_TREND_MIN_BUCKET_S,
  historyProblems,
  seriesBucketSeconds,
  type HistoryProblem,
} from '@ullage/domain/history-range';
import type { Db } from '../../db/client';
import { pageOf } from '../../lib/list';
import { assertValid, notFound, type FieldRule } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import { scopeOf } from '../scope/scope';
import { summaryMarks } from '../summaries/service';
import { bucketedSeries, countReadings, countReadingsSummarised, findTank, listReadings, rawSeries, summarisedSeries, type Range } from './repo';

type Ask = Pick<HistorySeriesQuery, 'stationId' | 'tankId' | 'from' | 'to'>;

/**
 * Each rule of spec §5 as the field it names and the spec §8 sentence: "Time range: Time
 * cannot exceed 11 days", "Tank: Must select gas station and tank".
 */
function fieldRuleOf(problem: HistoryProblem, ask: Ask, maxDays: number): FieldRule {
  switch (problem) {
    case 'stationAndTank':
      return ask.stationId === undefined ? { field: 'stationId', rule: 'history.rule.stationAndTank' } : { field: 'tankId', rule: 'history.rule.stationAndTank', labelKey: 'field.tank' };
    case 'rangeRequired':
      return { field: ask.from === undefined ? 'from' : 'to', rule: 'rule.required', labelKey: 'history.field.range' };
    case 'startBeforeEnd':
      return { field: 'from', rule: 'history.rule.startBeforeEnd', labelKey: 'history.field.range' };
    case 'maxDays':
      return { field: 'to', rule: 'history.rule.maxDays', params: { days: maxDays }, labelKey: 'history.field.range' };
  }
}

/**
 * The question checked (spec §5, the same rules the form applies) and the tank found: one the
 * caller may see (another organisation's is not found, as if it did not exist), and one of
 * the station chosen.
 */
async function resolve(db: Db, user: AuthUser, ask: Ask, maxDays = HISTORY_RANGE_MAX_DAYS) {
  const problems = historyProblems({ stationId: ask.stationId, tankId: ask.tankId, fromMs: ask.from ? Date.parse(ask.from) : undefined, toMs: ask.to ? Date.parse(ask.to) : undefined }, maxDays);
  assertValid(problems.map((p) => fieldRuleOf(p, ask, maxDays)));
  const tank = await findTank(db, scopeOf(user), ask.tankId!);
  if (!tank) throw notFound();
  assertValid(tank.stationId === ask.stationId ? [] : [{ field: 'tankId', rule: 'history.rule.tankOfStation', labelKey: 'field.tank' }]);
  const range: Range = { from: new Date(ask.from!).toISOString(), to: new Date(ask.to!).toISOString() };
  return { tank, range };
}

/** A page of the readings, newest first unless sorted by time ascending. */
export async function findHistory(db: Db, user: AuthUser, query: HistoryQuery) {
  assertValid(query.sortField === undefined || query.sortField === 'ts' ? [] : [{ field: 'sortField', rule: 'rule.invalid' }]);
  const { tank, range } = await resolve(db, user, query);
  const ascending = query.sortField === 'ts' && query.sortOrder === 'ascend';
  const [list, total] = await Promise.all([listReadings(db, tank, range, pageOf(query), ascending), countReadings(db, tank.tankId, range)]);
  return { list, total, tank };
}

/** Every reading of the range, oldest first, up to `limit` (the export). */
export async function allHistory(db: Db, user: AuthUser, query: HistoryQuery, limit: number) {
  const { tank, range } = await resolve(db, user, query);
  return { tank, list: await listReadings(db, tank, range, { limit, offset: 0 }, true) };
}

/**
 * The trend chart's series: the readings themselves when there are at most
 * HISTORY_SERIES_MAX_POINTS, otherwise their means over buckets wide enough that there are
 * no more points than that (domain seriesBucketSeconds).
 */
export async function historySeries(db: Db, user: AuthUser, query: HistorySeriesQuery): Promise<HistorySeries> {
  const { tank, range } = await resolve(db, user, query);
  const maxPoints = query.maxPoints ?? HISTORY_SERIES_MAX_POINTS;
  const readings = await countReadings(db, tank.tankId, range);
  if (readings <= maxPoints) return { tank, readings, bucketSeconds: 0, ...(await rawSeries(db, tank.tankId, range)) };
  const bucketSeconds = seriesBucketSeconds(Date.parse(range.to) - Date.parse(range.from), maxPoints);
  // Buckets of whole hours are read from the summaries: the same means at a 60th of the rows.
  const series = bucketSeconds % HISTORY_TREND_MIN_BUCKET_S === 0 ? summarisedSeries(db, tank.tankId, range, bucketSeconds, (await summaryMarks(db))(tank.tankId)) : bucketedSeries(db, tank.tankId, range, bucketSeconds);
  return { tank, readings, bucketSeconds, ...(await series) };
}

/**
 * The long-term trend (the chart zoomed out past 11 days, up to three years): bucket means of at
 * least an hour, read from the hourly and daily summaries (and the raw minutes at either end),
 * so two years cost about what 11 days do.
 */
export async function historyTrend(db: Db, user: AuthUser, query: HistorySeriesQuery): Promise<HistorySeries> {
  const { tank, range } = await resolve(db, user, query, HISTORY_TREND_MAX_DAYS);
  const spanMs = Date.parse(range.to) - Date.parse(range.from);
  const bucketSeconds = Math.max(HISTORY_TREND_MIN_BUCKET_S, seriesBucketSeconds(spanMs, query.maxPoints ?? HISTORY_SERIES_MAX_POINTS));
  const marks = (await summaryMarks(db))(tank.tankId);
  const [readings, series] = await Promise.all([countReadingsSummarised(db, tank.tankId, range, marks), summarisedSeries(db, tank.tankId, range, bucketSeconds, marks)]);
  return { tank, readings, bucketSeconds, ...series };
}
