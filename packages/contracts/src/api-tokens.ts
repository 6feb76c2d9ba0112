import { z } from 'zod';
import { API_SCOPES, MAX_TOKEN_LIFETIME_DAYS } from '@ullage/domain/api-scopes';

/**
 * Service accounts and their API tokens (issue 38). A token is shown once, in the answer that
 * makes it; lists show its hint (`ullage_` and six characters) and when and where it was last used.
 */
/** Required: the service checks it, so that an empty name is refused as required, not as invalid. */
const name = z.string().trim().max(60);

export const serviceAccountInput = z.object({
  name,
  description: z.string().trim().max(300).nullish(),
});
export type ServiceAccountInput = z.infer<typeof serviceAccountInput>;

export const tokenInput = z.object({
  name,
  scopes: z.array(z.enum(API_SCOPES)).max(API_SCOPES.length),
  /** Days until the token stops working; null: it never expires. */
  expiresInDays: z.number().int().min(1).max(MAX_TOKEN_LIFETIME_DAYS).nullable(),
});
export type TokenInput = z.infer<typeof tokenInput>;

export const tokenRow = z.object({
  id: z.number().int(),
  name: z.string(),
  hint: z.string(),
  scopes: z.array(z.string()),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** live, expired or revoked, as of the answer. */
  state: z.enum(['live', 'expired', 'revoked']),
});
export type TokenRow = z.infer<typeof tokenRow>;

export const serviceAccountRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** The organisation it acts for, as its name reads. */
  organisation: z.string().nullable(),
  accountType: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  tokens: z.array(tokenRow),
});
export type ServiceAccountRow = z.infer<typeof serviceAccountRow>;

export const serviceAccountList = z.object({
  list: z.array(serviceAccountRow),
  /** The scopes the caller may put on a token. */
  grantableScopes: z.array(z.string()),
});

/** The answer that makes a token: the only time the token itself is sent. */
export const madeToken = z.object({ token: z.string(), row: tokenRow });

export const serviceAccountParams = z.object({ id: z.coerce.number().int().positive() });
export const tokenParams = z.object({ id: z.coerce.number().int().positive(), tokenId: z.coerce.number().int().positive() });
