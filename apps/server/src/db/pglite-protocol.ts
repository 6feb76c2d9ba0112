/** What the server's main thread and the embedded database's worker say to each other (pglite-thread.ts, pglite-worker.ts). */
export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; /** Types whose values stay text (the caller parses them). */ rawOids?: number[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** A PostgreSQL error as plain data: message, name, and its fields (code, detail, constraint …). */
export type WireError = { message: string; name?: string } & Record<string, string | number | boolean>;

export type ThreadReply = { id: number; result: unknown; error?: undefined } | { id: number; error: WireError; result?: undefined };
