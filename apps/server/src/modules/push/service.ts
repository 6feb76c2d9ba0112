import type { PushDevice, PushSubscribe } from '@ullage/contracts/push';
import { deviceLabel, endpointProblem, keyProblems } from '@ullage/domain/push-endpoint';
import type { Db } from '../../db/client';
import type { MessageKey } from '../../i18n/en';
import { assertValid, notFound, type FieldRule } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import type { VapidKeyStore } from './keys';
import * as repo from './repo';

export { PushNotifier } from './notifier';
export { PushSender } from './sender';
export { VapidKeyStore } from './keys';

const ENDPOINT_RULES: Record<NonNullable<ReturnType<typeof endpointProblem>>, MessageKey> = {
  url: 'push.rule.url',
  https: 'push.rule.https',
  privateAddress: 'push.rule.privateAddress',
};

export async function publicKey(keys: VapidKeyStore): Promise<{ publicKey: string }> {
  return { publicKey: (await keys.get()).publicKey };
}

/**
 * Saves the caller's browser subscription; answers its id. The endpoint must be a push
 * service's https address (a loopback one only where `loopback` allows, in tests), never a
 * private network's, and the keys those of a browser: each refusal names the field and the rule.
 */
export async function subscribe(db: Db, user: AuthUser, body: PushSubscribe, userAgent: string | undefined, options: { loopback: boolean }): Promise<{ id: number }> {
  const problems: FieldRule[] = [];
  const endpoint = endpointProblem(body.endpoint, options);
  if (endpoint) problems.push({ field: 'endpoint', rule: ENDPOINT_RULES[endpoint], labelKey: 'push.field.endpoint' });
  for (const key of keyProblems(body.keys)) problems.push({ field: `keys.${key}`, rule: 'push.rule.key', labelKey: `push.field.${key}` });
  assertValid(problems);
  const id = await repo.saveSubscription(db, { userId: user.id, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, device: deviceLabel(userAgent) });
  return { id };
}

/** The caller's own devices, newest first. */
export async function devices(db: Db, user: AuthUser): Promise<PushDevice[]> {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return (await repo.devicesOf(db, user.id)).map((d) => ({ ...d, createdAt: d.createdAt.toISOString(), lastSuccessAt: iso(d.lastSuccessAt), lastFailureAt: iso(d.lastFailureAt) }));
}

/** Removes one of the caller's devices; another user's is not found (80001), like one that never was. */
export async function removeDevice(db: Db, user: AuthUser, id: number): Promise<true> {
  if (!(await repo.removeDevice(db, user.id, id))) throw notFound();
  return true;
}

/**
 * Forgets the endpoint the caller's browser unsubscribed. Answers true whether or not it was still
 * kept (a push service's 410 may have removed it first); another user's endpoint is left alone.
 */
export async function unsubscribe(db: Db, user: AuthUser, endpoint: string): Promise<true> {
  await repo.removeEndpointOf(db, user.id, endpoint);
  return true;
}
