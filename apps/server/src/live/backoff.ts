/**
 * Wait before reconnect attempt `attempt` (1, 2, …) to Redis or PostgreSQL: 500 ms doubling to
 * at most 30 s, each spread by ±20% so that instances cut off together do not come back in step.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 500 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}
