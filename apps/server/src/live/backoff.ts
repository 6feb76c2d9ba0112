/**
 * Wait before reconnect attempt `attempt` (1, 2, …) to Redis or PostgreSQL: 500 ms doubling to
 * at most 5 s (a local Redis or PostgreSQL is cheap to knock on, and the live bus should be back
 * within seconds of its server, however long the outage), each spread by ±20% so that instances cut off together do not come back in step.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(5_000, 500 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}
