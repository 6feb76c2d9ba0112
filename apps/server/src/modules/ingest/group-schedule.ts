/** Readings one transaction takes at most; more wait for the next. */
export const MAX_GROUP_READINGS = 20_000;
/** Queued readings from which a second bulk writer starts beside the running one. */
export const SECOND_WRITER_READINGS = 2_000;
/**
 * A running group of at least this many readings would hold an alarm too long: alarm-lane
 * batches then go in a transaction of their own beside it. Behind a smaller one they wait for it
 * and lead the next group (a group of a few hundred readings commits in tens of milliseconds).
 */
export const LARGE_GROUP_READINGS = 2_000;

/** A batch waiting to be written, as the schedule sees it: its size. */
export interface Waiting {
  prepared: { readings: { count: number } };
}

export interface WriterState<T extends Waiting> {
  /** Bulk batches in arrival order. */
  queue: T[];
  /** Batches that may open an alarm (alarm-lane.ts), in arrival order. */
  urgent: T[];
  /** Readings of each bulk group being written. */
  running: readonly number[];
  /** Whether the alarm lane's own transaction is being written. */
  laneRunning: boolean;
  /** Bulk transactions at most at once. */
  writers: number;
  maxGroupReadings: number;
}

/**
 * The groups the batch writer starts now (batch-writer.ts), taken out of `queue` and `urgent`.
 *
 * Group commit: while a transaction runs, batches queue, and the next one takes them all (up to
 * `maxGroupReadings`). A second bulk transaction at once pays only for a backlog of large
 * batches; device-sized reports go faster waiting for the running one and going together
 * (bench/ingest.ts: +14 % reports/s with one writer at 10 readings a report, −6 % readings/s at
 * 1,000).
 *
 * Batches that may open an alarm lead the next group. Only beside a large running group (a
 * backlog of up to 20,000 readings) do they go one transaction at a time of their own, the alarm
 * lane (DESIGN §8: device report → alarm on a feed, p99 < 250 ms under load). A lane of their own
 * beside device-sized groups split every group in two when many tanks sat at a threshold
 * (bench/ingest.ts: most reports of 20 % alarm tanks), and a group's statements cost nearly the
 * same for 5 reports as for 50.
 */
export function takeGroups<T extends Waiting>(state: WriterState<T>): { lane: T[] | null; groups: { batches: T[]; readings: number }[] } {
  const { queue, urgent, writers, maxGroupReadings } = state;
  let lane: T[] | null = null;
  if (!state.laneRunning && urgent.length > 0 && state.running.some((n) => n >= LARGE_GROUP_READINGS)) lane = urgent.splice(0, urgent.length);
  const groups: { batches: T[]; readings: number }[] = [];
  let running = state.running.length;
  while (running < writers && (queue.length > 0 || urgent.length > 0)) {
    if (running > 0 && queuedReadings(queue) < SECOND_WRITER_READINGS) break;
    const batches = urgent.splice(0, urgent.length);
    let readings = batches.reduce((n, b) => n + b.prepared.readings.count, 0);
    while (queue.length > 0 && (batches.length === 0 || readings + queue[0]!.prepared.readings.count <= maxGroupReadings)) {
      const next = queue.shift()!;
      readings += next.prepared.readings.count;
      batches.push(next);
    }
    groups.push({ batches, readings });
    running++;
  }
  return { lane, groups };
}

function queuedReadings(queue: readonly Waiting[]): number {
  let n = 0;
  for (const p of queue) {
    n += p.prepared.readings.count;
    if (n >= SECOND_WRITER_READINGS) break;
  }
  return n;
}
