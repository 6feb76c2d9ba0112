import { randomBytes } from 'node:crypto';
import { CODES } from '@ullage/contracts/codes';
import type { ServiceAccountInput, ServiceAccountRow, TokenInput, TokenRow } from '@ullage/contracts/api-tokens';
import { grantableScopes, TOKEN_PREFIX, tokenHint, type ApiScope } from '@ullage/domain/api-scopes';
import type { AccountType } from '@ullage/domain/organisation';
import type { Db } from '../../db/client';
import { newToken, sha256 } from '../../lib/tokens';
import { AppError, assertValid, notFound, type FieldRule } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import { recordAudit } from '../audit/service';
import * as repo from './repo';

/*
 * Service accounts and API tokens (issue 38). Every route takes `token:manage` (roles.ts); the
 * repository keeps each organisation to its own accounts, so another's id is simply not found.
 */

const nameExists = () => new AppError(CODES.conflict, 'apiTokens.nameTaken', {}, { fields: [{ field: 'name', rule: 'unique' }] });

type TokenListRow = Awaited<ReturnType<typeof repo.tokensOf>>[number];

function tokenRowOf(row: TokenListRow): TokenRow {
  const { serviceAccountId: _account, expired, ...rest } = row;
  return { ...rest, state: rest.revokedAt !== null ? 'revoked' : expired ? 'expired' : 'live' };
}

export async function listServiceAccounts(db: Db, user: AuthUser): Promise<{ list: ServiceAccountRow[]; grantableScopes: ApiScope[] }> {
  const accounts = await repo.listServiceAccounts(db, user);
  const tokens = await repo.tokensOf(
    db,
    accounts.map((a) => a.id),
  );
  const list = accounts.map(({ userId: _user, ...account }) => ({ ...account, tokens: tokens.filter((t) => t.serviceAccountId === account.id).map(tokenRowOf) }));
  return { list, grantableScopes: grantableScopes(user.accountType) };
}

async function found(db: Db, user: AuthUser, id: number) {
  const [account] = await repo.listServiceAccounts(db, user, id);
  if (!account) throw notFound();
  return account;
}

export async function createServiceAccount(db: Db, user: AuthUser, input: ServiceAccountInput) {
  assertValid(input.name ? [] : [{ field: 'name', rule: 'rule.required' }]);
  if (await repo.nameTaken(db, user, input.name)) throw nameExists();
  const values = { name: input.name, description: input.description || null };
  // The users row's name is the platform's, unique across organisations; the name people
  // read is the account's own, unique within its organisation.
  const username = `svc-${randomBytes(6).toString('hex')}`;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const id = await repo.insertServiceAccount(t, user, { username, ...values });
    await recordAudit(t, user, 'create', 'serviceAccount', id, values);
    return id;
  });
}

export async function deleteServiceAccount(db: Db, user: AuthUser, id: number) {
  const account = await found(db, user, id);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await repo.deleteServiceAccount(t, id, account.userId);
    await recordAudit(t, user, 'delete', 'serviceAccount', id, { name: account.name });
  });
}

/**
 * Makes a token for one of the organisation's service accounts. Its scopes are at most what both
 * the maker and the account may do: an administrator making a token for a company's account
 * gives it no more than a company may hold.
 */
export async function createToken(db: Db, user: AuthUser, serviceAccountId: number, input: TokenInput): Promise<{ token: string; row: TokenRow }> {
  const account = await found(db, user, serviceAccountId);
  const allowed = new Set(grantableScopes(user.accountType).filter((s) => grantableScopes(account.accountType as AccountType).includes(s)));
  const problems: FieldRule[] = [];
  if (!input.name) problems.push({ field: 'name', rule: 'rule.required' });
  if (input.scopes.length === 0) problems.push({ field: 'scopes', rule: 'rule.required' });
  const beyond = input.scopes.filter((s) => !allowed.has(s));
  if (beyond.length > 0) problems.push({ field: 'scopes', rule: 'apiTokens.scopeNotGrantable', params: { scopes: beyond.join(', ') } });
  assertValid(problems);
  const token = `${TOKEN_PREFIX}${newToken()}`;
  const scopes = [...new Set(input.scopes)];
  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const tokenId = await repo.insertToken(t, { serviceAccountId, name: input.name, tokenHash: sha256(token), hint: tokenHint(token), scopes, expiresInDays: input.expiresInDays, createdBy: user.id });
    await recordAudit(t, user, 'create', 'apiToken', tokenId, { serviceAccount: account.name, name: input.name, scopes, expiresInDays: input.expiresInDays });
    return tokenId;
  });
  const row = (await repo.tokensOf(db, [serviceAccountId])).find((t) => t.id === id)!;
  return { token, row: tokenRowOf(row) };
}

/** Revokes at once: the next call with the token is refused on every instance (none caches it). */
export async function revokeToken(db: Db, user: AuthUser, serviceAccountId: number, tokenId: number) {
  const account = await found(db, user, serviceAccountId);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (!(await repo.revokeToken(t, serviceAccountId, tokenId))) throw notFound();
    await recordAudit(t, user, 'revoke', 'apiToken', tokenId, { serviceAccount: account.name });
  });
}
