import type { DemoHistory } from '@ullage/contracts/demo-history';

const DAY_MS = 86_400_000;

/**
 * How far the demo fleet's history replay has got (seed/demo-fleet.ts tells it; the route and
 * every page's banner read it). Not loading until a replay starts, and again once it ends.
 *
 * Also which stations it replays: their history arrives as data of hours long over, which would
 * mark their kept run-out profiles doubtful on every batch (forecast/profile-marks.ts), and each
 * page asking for the forecast would compute them all again — seconds a call on the embedded
 * database. Their marks wait for the replay's end, which marks each station once.
 */
export class DemoHistoryProgress {
  private state: DemoHistory = { loading: false, percent: 0, doneDays: 0, totalDays: 0 };
  private readonly replaying = new Set<number>();

  /** A replay of `totalMs` of these stations' history begins. */
  start(stationIds: readonly number[], totalMs: number): void {
    for (const id of stationIds) this.replaying.add(id);
    this.report(0, totalMs, false);
  }

  /** Whether this station's history is being replayed now (its marks wait for the end). */
  replays(stationId: number): boolean {
    return this.state.loading && this.replaying.has(stationId);
  }

  /** `doneMs` of `totalMs` of simulated history written; `finished` once the last is. */
  report(doneMs: number, totalMs: number, finished: boolean): void {
    const totalDays = Math.round((totalMs / DAY_MS) * 10) / 10;
    if (finished) {
      this.state = { loading: false, percent: 100, doneDays: totalDays, totalDays };
      this.replaying.clear();
      return;
    }
    const share = totalMs > 0 ? Math.min(1, Math.max(0, doneMs / totalMs)) : 1;
    this.state = { loading: true, percent: Math.floor(share * 100), doneDays: Math.round((doneMs / DAY_MS) * 10) / 10, totalDays };
  }

  get(): DemoHistory {
    return this.state;
  }
}
