import { lookup as dnsLookup } from 'node:dns/promises';
import { addressAllowed, classifyAddress, urlProblem, type AddressClass } from '@ullage/domain/webhook-address';
import type { MessageKey } from '../../i18n/en';

/** Resolves a host name to every address it has (the system resolver, as a connection would). */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** An address a delivery may connect to: the one that was checked, so a second look-up cannot swap it (DNS rebinding). */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

export type AddressCheck = { ok: true; url: URL; target: CheckedAddress } | { ok: false; rule: MessageKey; detail: string };

const PROBLEM_RULES: Record<'scheme' | 'credentials' | 'host' | 'address', MessageKey> = {
  scheme: 'rule.webhookScheme',
  credentials: 'rule.webhookCredentials',
  host: 'rule.webhookUrl',
  address: 'rule.webhookAddress',
};

/**
 * Checks a webhook URL and the addresses its host resolves to, when an endpoint is saved and
 * again before each delivery: every address must be allowed (a name answering one public and one
 * private address is refused, since either may be the one connected to), and the delivery
 * connects to the first. WEBHOOK_ALLOW_PRIVATE (`allowPrivate`) allows private ranges.
 */
export async function checkWebhookUrl(text: string, allowPrivate: boolean, resolve: Resolve = systemResolve): Promise<AddressCheck> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, rule: 'rule.webhookUrl', detail: 'not a URL' };
  }
  const problem = urlProblem(url, allowPrivate);
  if (problem) return { ok: false, rule: PROBLEM_RULES[problem], detail: `${problem}: ${url.hostname}` };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: { address: string; family: number }[];
  if (classifyAddress(host) !== 'invalid') addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      return { ok: false, rule: 'rule.webhookResolve', detail: `${host} did not resolve (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
    }
  }
  if (addresses.length === 0) return { ok: false, rule: 'rule.webhookResolve', detail: `${host} has no address` };
  const refused = addresses.map((a) => [a.address, classifyAddress(a.address)] as [string, AddressClass]).find(([, klass]) => !addressAllowed(klass, allowPrivate));
  if (refused) return { ok: false, rule: 'rule.webhookAddress', detail: `${host} resolves to ${refused[0]}, a ${refused[1]} address` };
  const first = addresses[0]!;
  return { ok: true, url, target: { address: first.address, family: first.family === 6 ? 6 : 4 } };
}
