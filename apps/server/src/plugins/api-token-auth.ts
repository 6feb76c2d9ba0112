import type { FastifyReply, FastifyRequest } from 'fastify';
import { CODES } from '@ullage/contracts/codes';
import { scopeForCall, type ApiScope } from '@ullage/domain/api-scopes';
import { may, type Action } from '@ullage/domain/roles';
import type { Db } from '../db/client';
import { sha256 } from '../lib/tokens';
import { findLiveToken, noteTokenUse, type TokenGrant } from '../sessions/api-token-repo';
import { AppError, forbidden } from './errors';

/** The token a call was made with, and the scope the call used. */
export interface TokenCall {
  tokenId: number;
  tokenName: string;
  scope: ApiScope;
}

/** `Authorization: Bearer <token>`'s token, or undefined when the call carries none. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Checks a call made with an API token (issue 38): the token must be live, hold the scope the
 * call needs, and its service account's role must take the route's action, as a person's
 * would. Each token has its own budget of calls a minute, on each instance.
 */
export class ApiTokenAuth {
  private readonly windows = new Map<number, { startedAt: number; calls: number }>();
  private readonly noted = new Map<number, { at: number; ip: string }>();

  constructor(
    private readonly db: Db,
    private readonly callsPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  async authenticate(request: FastifyRequest, reply: FastifyReply, token: string, action: Action | undefined): Promise<TokenGrant & { call: TokenCall }> {
    const grant = await findLiveToken(this.db, sha256(token));
    if (!grant) throw new AppError(CODES.sessionInvalid, 'apiTokens.invalid');
    const scope = scopeForCall(request.method, request.routeOptions.url ?? '', action);
    if (scope === null) throw forbidden('apiTokens.notForTokens');
    if (!grant.scopes.includes(scope)) throw new AppError(CODES.forbidden, 'apiTokens.missingScope', { scope });
    if (action !== undefined && !may(grant.user.accountType, action)) throw forbidden();
    this.spend(grant.tokenId, reply);
    await this.noteUse(grant.tokenId, request.ip);
    return { ...grant, call: { tokenId: grant.tokenId, tokenName: grant.tokenName, scope } };
  }

  /** A fixed one-minute window per token: simple, and enough to stop a runaway script. */
  private spend(tokenId: number, reply: FastifyReply) {
    const now = this.now();
    let window = this.windows.get(tokenId);
    if (!window || now - window.startedAt >= 60_000) {
      if (this.windows.size > 10_000) this.windows.clear();
      window = { startedAt: now, calls: 0 };
      this.windows.set(tokenId, window);
    }
    window.calls += 1;
    if (window.calls > this.callsPerMinute) {
      reply.header('retry-after', String(Math.ceil((window.startedAt + 60_000 - now) / 1000)));
      throw new AppError(CODES.locked, 'apiTokens.rateLimited', { limit: this.callsPerMinute });
    }
  }

  private async noteUse(tokenId: number, ip: string) {
    const last = this.noted.get(tokenId);
    const now = this.now();
    if (last && last.ip === ip && now - last.at < 60_000) return;
    if (this.noted.size > 10_000) this.noted.clear();
    this.noted.set(tokenId, { at: now, ip });
    await noteTokenUse(this.db, tokenId, ip);
  }
}
