import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import type { AuthUser } from '../../sessions/auth-user';

/**
 * The one place that decides which part of the organisation tree a user may see
 * (DESIGN.md §6). Every repo query that reads organisation data takes a Scope and applies
 * the predicate it gives for that table; nothing else decides access.
 */
export type Scope =
  | { kind: 'all' }
  | { kind: 'distributor'; distributorId: number }
  | { kind: 'company'; companyId: number }
  | { kind: 'station'; stationId: number }
  /** An account whose organisation is missing sees nothing rather than everything. */
  | { kind: 'none' };

export function scopeOf(user: AuthUser): Scope {
  switch (user.accountType) {
    case ACCOUNT_TYPES.admin:
      return { kind: 'all' };
    case ACCOUNT_TYPES.distributor:
      return user.distributorId === null ? { kind: 'none' } : { kind: 'distributor', distributorId: user.distributorId };
    case ACCOUNT_TYPES.company:
      return user.companyId === null ? { kind: 'none' } : { kind: 'company', companyId: user.companyId };
    case ACCOUNT_TYPES.station:
    case ACCOUNT_TYPES.stationAttendant:
      return user.stationId === null ? { kind: 'none' } : { kind: 'station', stationId: user.stationId };
  }
}

/**
 * The columns a table offers for scoping. Rows carry their ancestors' keys (schema.ts), so
 * the predicate is a single comparison. A table without a column for the scope's level is
 * invisible at that level (e.g. a station user never lists companies other than its own,
 * which `company.id` via `companyOfStation` covers).
 */
export interface ScopeColumns {
  distributorId?: AnyPgColumn;
  companyId?: AnyPgColumn;
  stationId?: AnyPgColumn;
}

const NOTHING = sql`false`;

export function scopeFilter(scope: Scope, columns: ScopeColumns): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'none':
      return NOTHING;
    case 'distributor':
      return columns.distributorId ? eq(columns.distributorId, scope.distributorId) : NOTHING;
    case 'company':
      return columns.companyId ? eq(columns.companyId, scope.companyId) : NOTHING;
    case 'station':
      return columns.stationId ? eq(columns.stationId, scope.stationId) : NOTHING;
  }
}

/** `and` that keeps the scope predicate even when the other conditions are absent. */
export function withScope(scope: Scope, columns: ScopeColumns, ...conditions: (SQL | undefined)[]): SQL | undefined {
  return and(scopeFilter(scope, columns), ...conditions);
}

/** The same decision as scopeFilter, for one row already in memory (live events). */
export function scopeAdmits(scope: Scope, row: { distributorId: number; companyId: number; stationId: number }): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'distributor':
      return row.distributorId === scope.distributorId;
    case 'company':
      return row.companyId === scope.companyId;
    case 'station':
      return row.stationId === scope.stationId;
  }
}

/**
 * scopeFilter's decision for raw SQL over aliased tables: stations `s` (their id is the station),
 * or a table `t`/`al`/… that carries distributor_id, company_id and station_id.
 */
export function scopeOn(scope: Scope, alias: string): SQL {
  const station = alias === 's' ? sql.raw('s.id') : sql.raw(`${alias}.station_id`);
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'none':
      return sql`false`;
    case 'distributor':
      return sql`${sql.raw(alias)}.distributor_id = ${scope.distributorId}`;
    case 'company':
      return sql`${sql.raw(alias)}.company_id = ${scope.companyId}`;
    case 'station':
      return sql`${station} = ${scope.stationId}`;
  }
}
