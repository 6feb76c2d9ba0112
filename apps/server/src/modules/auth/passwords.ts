import { hash, verify } from '@node-rs/argon2';

// argon2id is @node-rs/argon2's default algorithm; the OWASP-recommended minimum cost.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verified against when the user name is unknown, so that a wrong name takes as long as a
 * wrong password and the timing does not tell which was wrong.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-Ullage#1');
  return dummyHash;
}
