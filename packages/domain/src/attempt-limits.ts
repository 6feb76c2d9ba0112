/**
 * How many wrong passwords are allowed before a lock, and for whom. Each limit counts failures
 * under its key within a window that starts with the first failure; reaching `max` inside the
 * window locks the key for `lockMinutes`. A key is cleared by the success it guards.
 */
export interface AttemptLimit {
  key: string;
  max: number;
  windowMinutes: number;
  lockMinutes: number;
}

/**
 * Sign-in. The spec's 5 failures / 15 minutes apply to one account from one address, so a
 * mistyping colleague behind the same office or carrier NAT locks nobody else. One address
 * trying many accounts meets a much higher ceiling over a shorter window, and one account tried
 * from many addresses (a spread-out guesser) a ceiling of its own.
 */
export const SIGN_IN = {
  accountAtAddress: { max: 5, windowMinutes: 15, lockMinutes: 15 },
  address: { max: 50, windowMinutes: 5, lockMinutes: 5 },
  account: { max: 20, windowMinutes: 15, lockMinutes: 15 },
} as const;

/** Checking one's own password while signed in (checkPwd, and the old password of updatePwd). */
export const PASSWORD_CHECK = { max: 5, windowMinutes: 15, lockMinutes: 15 } as const;

export function signInLimits(username: string, address: string): { all: AttemptLimit[]; clearedOnSuccess: string[] } {
  const account = username.trim().toLowerCase();
  const accountAtAddress = `user-ip:${account}@${address}`;
  return {
    all: [
      { key: accountAtAddress, ...SIGN_IN.accountAtAddress },
      { key: `ip:${address}`, ...SIGN_IN.address },
      { key: `user:${account}`, ...SIGN_IN.account },
    ],
    // Only the pair: a success must not wipe what a spread-out guesser has run up.
    clearedOnSuccess: [accountAtAddress],
  };
}

/** Per account, so every session of a stolen login shares the one allowance. */
export function passwordCheckLimit(userId: number): AttemptLimit {
  return { key: `pwd-check:${userId}`, ...PASSWORD_CHECK };
}
