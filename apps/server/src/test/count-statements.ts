import type { Db } from '../db/client';

/**
 * `db` as a proxy that counts the statements sent through it: drizzle's `execute`, named
 * statements (lib/raw-sql.ts preparedRows), which go to the session directly on PGlite and to
 * the session's node-postgres client on PostgreSQL. For tests that a rule asks the database
 * only what it must.
 */
export function countingStatements(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const counting = new Proxy(db, {
    get(target, name, receiver) {
      if (name === 'execute') return (q: Parameters<Db['execute']>[0]) => (statements.push('execute'), target.execute(q));
      if (name === 'session') {
        const session = Reflect.get(target, name, receiver) as { prepareQuery: (...args: unknown[]) => unknown; client: object };
        const client = new Proxy(session.client, {
          get: (c, n, r) => {
            const value = Reflect.get(c, n, r) as unknown;
            return n === 'query' && typeof value === 'function' ? (...args: unknown[]) => (statements.push('execute'), (value as (...a: unknown[]) => unknown).apply(c, args)) : value;
          },
        });
        return new Proxy(session, {
          get: (s, n, r) =>
            n === 'prepareQuery' ? (...args: unknown[]) => (statements.push('execute'), s.prepareQuery(...args)) : n === 'client' ? client : (Reflect.get(s, n, r) as unknown),
        });
      }
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  return { db: counting, statements };
}
