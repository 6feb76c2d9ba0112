import { describe, expect, it } from 'vitest';
import { decideOutcome, type TransportResult } from './response-outcome';

const http = (status: number, body: unknown): TransportResult => ({ kind: 'http', status, body });

describe('decideOutcome', () => {
  it.each([1000, 200, 100])('code %i resolves with the envelope', (code) => {
    const body = { code, msg: 'ok', data: { a: 1 }, info: { result: 'success' } };
    expect(decideOutcome(http(200, body))).toEqual({ kind: 'success', envelope: body });
  });

  it('30001 ends the session with the server message, whatever the HTTP status', () => {
    expect(decideOutcome(http(401, { code: 30001, msg: 'Not logged in' }))).toEqual({
      kind: 'sessionInvalid',
      code: 30001,
      message: { server: 'Not logged in' },
    });
  });

  it('30001 without a message falls back to the localised one', () => {
    expect(decideOutcome(http(401, { code: 30001, msg: '' }))).toMatchObject({
      kind: 'sessionInvalid',
      message: { key: 'common.error.notLoggedIn' },
    });
  });

  it('60005 shows the localised login error for 3 s, not the server text', () => {
    expect(decideOutcome(http(200, { code: 60005, msg: 'whatever the server says' }))).toMatchObject({
      kind: 'failure',
      code: 60005,
      message: { key: 'auth.login.wrongCredentials' },
      durationMs: 3000,
    });
  });

  it.each([60008, 91011, 80006, 80003, 80007, 80008, 80001, 60009])('%i shows the server message for 3 s', (code) => {
    const status = code === 91011 ? 400 : code === 80008 ? 429 : 200;
    expect(decideOutcome(http(status, { code, msg: `message ${code}` }))).toMatchObject({
      kind: 'failure',
      code,
      message: { server: `message ${code}` },
      durationMs: 3000,
    });
  });

  it.each([500, 12345, 0])('other code %i shows the generic failure', (code) => {
    expect(decideOutcome(http(500, { code, msg: 'internal detail' }))).toMatchObject({
      kind: 'failure',
      code,
      message: { key: 'common.error.requestFailed' },
    });
  });

  it('a 502 is the network being delayed, even with a body', () => {
    expect(decideOutcome(http(502, { code: 1000, msg: 'ok' }))).toMatchObject({
      kind: 'failure',
      code: null,
      message: { key: 'common.error.networkDelayed' },
    });
  });

  it('a body that is not an envelope is a generic failure', () => {
    expect(decideOutcome(http(200, '<html>'))).toMatchObject({ message: { key: 'common.error.requestFailed' } });
    expect(decideOutcome(http(404, undefined))).toMatchObject({ message: { key: 'common.error.requestFailed' } });
  });

  it.each(['network', 'timeout'] as const)('%s failures show the network error', (kind) => {
    expect(decideOutcome({ kind })).toEqual({
      kind: 'failure',
      code: null,
      message: { key: 'common.error.network' },
      durationMs: 3000,
    });
  });
});
