// API tokens as the auth hook reads them: core, beside the session store, because
// plugins/auth.ts checks one on every call that carries `Authorization: Bearer`. Making and
// revoking tokens is modules/api-tokens' business.
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { ApiScope } from '@ullage/domain/api-scopes';
import type { AccountType } from '@ullage/domain/organisation';
import type { Db } from '../db/client';
import { apiTokens, serviceAccounts, users } from '../db/schema';
import type { AuthUser } from './auth-user';
import { authUserColumns } from './session-repo';

export interface TokenGrant {
  tokenId: number;
  tokenName: string;
  scopes: ApiScope[];
  /** The service account's own users row, as the rest of the server knows a caller. */
  user: AuthUser;
}

/** The live token with this hash: not revoked, not expired, of an enabled service account. */
export async function findLiveToken(db: Db, tokenHash: string): Promise<TokenGrant | undefined> {
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      tokenName: apiTokens.name,
      scopes: apiTokens.scopes,
      ...authUserColumns,
    })
    .from(apiTokens)
    .innerJoin(serviceAccounts, eq(serviceAccounts.id, apiTokens.serviceAccountId))
    .innerJoin(users, eq(users.id, serviceAccounts.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
        eq(users.disabled, false),
        eq(users.service, true),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const { tokenId, tokenName, scopes, ...user } = row;
  return { tokenId, tokenName, scopes: scopes as ApiScope[], user: { ...user, accountType: user.accountType as AccountType, mustChangePassword: false } };
}

/**
 * Notes where and when a token was last used. Writing on every call would make every read a
 * write; once a minute, or when the address changes, is enough to tell a token in use from one
 * forgotten.
 */
export async function noteTokenUse(db: Db, tokenId: number, ip: string): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()`, lastUsedIp: ip })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`), sql`${apiTokens.lastUsedIp} is distinct from ${ip}`),
      ),
    );
}
