import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A timestamp column as the settings lists answer it: ISO 8601 text in UTC to the second
 * (2026-11-23T04:00:00Z), written by the database so that every list and export reads the same.
 */
export const utcText = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
