import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signIn, startTestApp, testDeviceKey, type TestContext } from './test/harness';

/**
 * Issue 32 item 4: every operation of GET /api/openapi.json, with a NUL and an unpaired
 * surrogate in each string path parameter, query parameter and JSON body field in turn (and an
 * object key of the body), answers no 5xx — and refuses the bad text with 91011 naming it (a
 * device report refuses the item that holds it). One app, in-process (app.inject), signed in as
 * the administrator; about a thousand requests in a few seconds.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  minItems?: number;
  additionalProperties?: Schema | boolean;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}
type Path = (string | number)[];

/** A value the schema accepts, or near enough: every property present, so every string field gets its turn. */
function sample(s: Schema | undefined): unknown {
  if (!s) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return sample(alternatives.find((a) => a.type !== 'null') ?? alternatives[0]);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => sample(part) as object));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(s.properties ?? {})) out[key] = sample(property);
    if (typeof s.additionalProperties === 'object') out.k = sample(s.additionalProperties);
    return out;
  }
  if (type === 'array') return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items));
  if (type === 'string') {
    if (s.format === 'date-time') return new Date(Date.now() - 60_000).toISOString();
    if (s.format === 'date') return '2026-01-01';
    if (s.format === 'email') return 'fuzz@example.com';
    return 'a'.repeat(Math.max(1, s.minLength ?? 1));
  }
  if (type === 'integer' || type === 'number') {
    const min = s.minimum !== undefined && s.minimum > -1e9 ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0) : 1;
    return s.maximum !== undefined && min > s.maximum ? s.maximum : min;
  }
  if (type === 'boolean') return false;
  return null;
}

/** Paths to every string in a value. */
function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}

function withValueAt(value: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(value);
  let at = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = replacement;
  return copy;
}

const STATION = 'NWP-SH01';
/** The device report's body is `z.unknown()` in the schema (items are judged one by one): a report of every kind of item stands in for it. */
function deviceReportSample(): unknown {
  const ts = new Date(Date.now() - 120_000).toISOString();
  const later = new Date(Date.now() - 60_000).toISOString();
  return {
    batchId: 'b-1',
    sentAt: ts,
    readings: [{ tank: '1', ts, type: 'interval', productHeightMm: 1000, temperatureC: 15 }],
    sensors: [{ sensorNo: 'S-1', type: 'leak', ts, state: 'normal' }],
    alarms: [{ kind: 'leak', sensorNo: 'S-1', code: 8, ts, state: 'active' }],
    events: [{ type: 'power-on', ts, readings: [{ tank: '1', ts, productHeightMm: 1000, temperatureC: 15 }] }],
    deliveries: [{ tank: '1', startedAt: ts, endedAt: later, startVolumeL: 100, endVolumeL: 200 }],
    sales: [{ tank: '1', id: 's-1', ts, volumeL: 10, meter: 'N1' }],
    meterTotals: [{ product: 'P', meter: 'N2', ts, totalL: 10 }],
    tickets: [{ tank: '1', deliveredAt: ts, volumeL: 100, ticketNo: 'T-1' }],
  };
}
const DEVICE_REPORT = '/api/device/v1/stations/{code}/report';
/** Held open for as long as the client stays: only requests the hook refuses are sent to it. */
const STREAMS = new Set(['/api/sse-msg/connect']);

/** In a URL: a NUL, and the WTF-8 bytes of U+D800 (no UTF-8 decoder makes them a surrogate; they must pass harmlessly). */
const URL_VALUES = [
  { name: 'NUL', text: 'a%00b', refused: true },
  { name: 'surrogate bytes', text: 'a%ED%A0%80b', refused: false },
];
/** In JSON, as the escapes \u0000 and \uD800 / \uDC00 arrive. */
const JSON_VALUES = [
  { name: 'NUL', text: 'a\u0000b' },
  { name: 'high surrogate', text: 'a\uD800b' },
  { name: 'low surrogate', text: '\uDC00' },
];

interface Case {
  label: string;
  method: string;
  url: string;
  payload?: unknown;
  /** What a refusal must name: a field of 91011, or the path of the refused device item. */
  expect: { field: string } | { item: string } | null;
}

let ctx: TestContext;
let cookie: string;
let cases: Case[] = [];
beforeAll(async () => {
  ctx = await startTestApp({ config: { logLevel: 'fatal' } });
  cookie = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  const spec = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
  cases = Object.entries(spec.paths).flatMap(([template, methods]) => Object.entries(methods).flatMap(([method, op]) => casesOf(template, method.toUpperCase(), op)));
});
afterAll(() => ctx.close());

function casesOf(template: string, method: string, op: Operation): Case[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const base = {
    path: Object.fromEntries(pathParams.map((p) => [p.name, p.name === 'code' ? STATION : encodeURIComponent(String(sample(p.schema)))])),
    query: Object.fromEntries(queryParams.map((p) => [p.name, encodeURIComponent(String(sample(p.schema)))])),
  };
  const urlOf = (path: Record<string, string>, query: Record<string, string>) => {
    const filled = template.replace(/\{(\w+)\}/g, (_m, name: string) => path[name]!);
    const search = Object.entries(query).map(([k, v]) => `${k}=${v}`).join('&');
    return search ? `${filled}?${search}` : filled;
  };
  const jsonSchema = op.requestBody?.content['application/json']?.schema;
  const body = template === DEVICE_REPORT ? deviceReportSample() : jsonSchema ? sample(jsonSchema) : undefined;
  const out: Case[] = [];
  const isString = (p: Parameter) => p.schema?.type === 'string' || p.schema?.type === undefined;
  for (const value of URL_VALUES) {
    if (STREAMS.has(template) && !value.refused) continue;
    for (const p of pathParams.filter(isString)) {
      out.push({ label: `${method} ${template} path ${p.name} ${value.name}`, method, url: urlOf({ ...base.path, [p.name]: value.text }, base.query), payload: body, expect: value.refused ? { field: p.name } : null });
    }
    for (const p of queryParams.filter(isString)) {
      out.push({ label: `${method} ${template} query ${p.name} ${value.name}`, method, url: urlOf(base.path, { ...base.query, [p.name]: value.text }), payload: body, expect: value.refused ? { field: p.name } : null });
    }
  }
  if (body !== undefined) {
    const url = urlOf(base.path, base.query);
    for (const value of JSON_VALUES) {
      for (const path of stringPaths(body)) {
        out.push({ label: `${method} ${template} body ${path.join('.')} ${value.name}`, method, url, payload: withValueAt(body, path, value.text), expect: expectationOf(template, path) });
      }
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        out.push({ label: `${method} ${template} body key ${value.name}`, method, url, payload: { ...body, [`k${value.text}`]: 'v' }, expect: template === DEVICE_REPORT ? null : { field: 'request' } });
      }
    }
  }
  return out;
}

/** A device report names the refused item by its path (`events[0].readings[0].tank`); its batchId refuses the report; elsewhere 91011 names the field. */
function expectationOf(template: string, path: Path): Case['expect'] {
  if (template !== DEVICE_REPORT) return { field: path.join('.') };
  if (path.length === 1) return { field: String(path[0]) };
  return { item: path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('').replace(/^\./, '') };
}

/** The answer's JSON; an export or a file is no refusal. */
function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return {};
  }
}

describe('fuzz over every OpenAPI operation: NUL bytes and unpaired surrogates', () => {
  it('answers no 5xx, and refuses the bad text naming where it is', async () => {
    expect(cases.length).toBeGreaterThan(500);
    const operations = new Set(cases.map((c) => c.label.split(' ').slice(0, 2).join(' ')));
    expect(operations.size).toBeGreaterThan(60);
    const serverErrors: string[] = [];
    const unnamed: string[] = [];
    for (const c of cases) {
      const headers: Record<string, string> = { cookie, language: 'en' };
      if (c.url.startsWith('/api/device/')) headers.authorization = `Bearer ${testDeviceKey(STATION)}`;
      const res = await ctx.app.inject({ method: c.method as 'GET', url: c.url, headers, ...(c.payload === undefined ? {} : { payload: c.payload as object }) });
      if (res.statusCode >= 500) serverErrors.push(`${c.label} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      if (!c.expect) continue;
      const answer = jsonOf(res.body) as { code?: number; data?: { fields?: { field: string; rule: string }[]; refused?: { path: string }[] } };
      const named =
        'field' in c.expect
          ? answer.code === 91011 && answer.data?.fields?.some((f) => f.field === (c.expect as { field: string }).field && f.rule === 'storableText')
          : answer.code === 1000 && answer.data?.refused?.some((r) => r.path === (c.expect as { item: string }).item);
      if (!named) unnamed.push(`${c.label} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(serverErrors).toEqual([]);
    expect(unnamed).toEqual([]);
  });
});
