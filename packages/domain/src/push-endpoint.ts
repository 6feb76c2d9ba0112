/**
 * Which Web Push subscriptions the server accepts (issue 38). A subscription names the URL the
 * server will POST to whenever an alarm opens, and a signed-in user can post any URL as one: a
 * push service is always a public https host, so anything else (plain http, a loopback or
 * private-range address) would only make the server call a network it should not reach. Tests
 * run a push service on loopback over http: `loopback` lets exactly that through, nothing more.
 */

/** What the server may reach: the public internet, this machine, or a private or reserved range. */
export type AddressClass = 'public' | 'loopback' | 'private';

export type EndpointProblem = 'url' | 'https' | 'privateAddress';
export type KeyProblem = 'p256dh' | 'auth';

// The WHATWG URL parser of every runtime this runs in (Node, browsers); the domain's compiler
// options name no platform's library, so its part used here is declared.
interface ParsedUrl {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
}
declare const URL: new (input: string) => ParsedUrl;

/** Browsers' endpoints are a few hundred characters; more is not a push service's. */
export const ENDPOINT_MAX_LENGTH = 2048;

function ipv4Class(address: string): AddressClass | null {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  const [a, b] = parts.map(Number) as [number, number, number, number];
  if (a === 127) return 'loopback';
  const reserved =
    a === 0 || a === 10 || a >= 224 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 192 && b === 0 && parts[2] === '0') || (a === 198 && (b === 18 || b === 19));
  return reserved ? 'private' : 'public';
}

function ipv6Class(address: string): AddressClass | null {
  const text = address.toLowerCase().replace(/^\[|\]$/g, '');
  if (!text.includes(':') || !/^[0-9a-f:.]+$/.test(text)) return null;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1, or as URL parsing prints it, ::ffff:a00:1) is that address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1] ?? hexMapped(text);
  if (mapped) return ipv4Class(mapped);
  if (text === '::1') return 'loopback';
  if (text === '::') return 'private';
  const first = parseInt(text.split(':')[0] || '0', 16);
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast.
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00) return 'private';
  return 'public';
}

function hexMapped(text: string): string | null {
  const m = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(text);
  if (!m) return null;
  const hi = parseInt(m[1]!, 16);
  const lo = parseInt(m[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** The class of an IP address (v4 or v6); null when `address` is not one. */
export function addressClass(address: string): AddressClass | null {
  return ipv4Class(address) ?? ipv6Class(address);
}

/** The class of a URL's host: an address literal, `localhost`, or a name (public until resolved). */
export function hostClass(hostname: string): AddressClass {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  return addressClass(host) ?? 'public';
}

/**
 * Whether the server may POST to `endpoint`: null when it may, else why not. `loopback`: a push
 * service on this machine is allowed, over http too (tests; never set from the environment).
 */
export function endpointProblem(endpoint: string, options: { loopback: boolean }): EndpointProblem | null {
  if (endpoint.length > ENDPOINT_MAX_LENGTH) return 'url';
  let url: ParsedUrl;
  try {
    url = new URL(endpoint);
  } catch {
    return 'url';
  }
  if (url.username || url.password || url.hostname === '') return 'url';
  const kind = hostClass(url.hostname);
  const allowedLoopback = options.loopback && kind === 'loopback';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowedLoopback)) return 'https';
  if (kind !== 'public' && !allowedLoopback) return 'privateAddress';
  return null;
}

/** Whether an address a push service's name resolved to may be called (the same rule, after DNS). */
export function addressAllowed(address: string, options: { loopback: boolean }): boolean {
  const kind = addressClass(address);
  return kind === 'public' || (kind === 'loopback' && options.loopback);
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The subscription's keys as RFC 8291 has them, base64url without padding: p256dh an
 * uncompressed P-256 point (65 bytes, 0x04 first: 87 characters starting "B"), auth 16 bytes
 * (22 characters). Keys that are not would make every message unreadable to the browser.
 */
export function keyProblems(keys: { p256dh: string; auth: string }): KeyProblem[] {
  const problems: KeyProblem[] = [];
  const p256dh = keys.p256dh.replace(/=+$/, '');
  const auth = keys.auth.replace(/=+$/, '');
  if (!BASE64URL.test(p256dh) || p256dh.length !== 87 || !p256dh.startsWith('B')) problems.push('p256dh');
  if (!BASE64URL.test(auth) || auth.length !== 22) problems.push('auth');
  return problems;
}

/** A short name for a device from its browser's User-Agent: "Chrome on Android". */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua) ? 'Edge' : /SamsungBrowser\//.test(ua) ? 'Samsung Internet' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\/|CriOS\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : null;
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad|iPod/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X|Macintosh/.test(ua) ? 'macOS' : /CrOS/.test(ua) ? 'ChromeOS' : /Linux/.test(ua) ? 'Linux' : null;
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? (ua.slice(0, 60) || '?');
}
