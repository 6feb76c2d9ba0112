import { expect } from 'vitest';
import { baseUrl } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';

/**
 * The API as the administrator, for the files that prepare their data (stations, thresholds) or
 * compare a page with the figures the API has: a browser page is not needed for either.
 */

/** The administrator's session cookie (`name=value`), signed in through `POST /api/login/auth`. */
export async function adminCookie(base = baseUrl()): Promise<string> {
  const login = await fetch(`${base}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }) });
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** The `data` of an API answer, held to code 1000 (its `msg` said when not). A body is sent as JSON. */
export async function apiData<T>(path: string, cookie: string, init: RequestInit = {}, base = baseUrl()): Promise<T> {
  const json: Record<string, string> = init.body === undefined ? {} : { 'content-type': 'application/json' };
  const response = await fetch(`${base}${path}`, { ...init, headers: { cookie, ...json, ...(init.headers ?? {}) } });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  expect(answer.code, answer.msg).toBe(1000);
  return answer.data;
}
