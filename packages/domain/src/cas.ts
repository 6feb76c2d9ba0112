/**
 * The parts of the CAS protocol (Apereo CAS 3.0 and 2.0) that are pure text: the URLs the
 * browser and the server call, the ticket validation answer, and the single-logout request.
 * CAS answers are small, fixed-shape XML; the namespace prefix may vary (`cas:` by
 * convention), so matching is by local name.
 */

export type CasValidation =
  | { ok: true; user: string }
  | { ok: false; code: string; message: string };

/** `<base>/login?service=…`: where the browser signs in. */
export function casLoginUrl(base: string, service: string): string {
  return `${trimSlash(base)}/login?service=${encodeURIComponent(service)}`;
}

/** `<base>/p3/serviceValidate` (protocol 3.0) or `<base>/serviceValidate` (2.0). */
export function casValidateUrl(base: string, service: string, ticket: string, protocol: 3 | 2): string {
  const path = protocol === 3 ? 'p3/serviceValidate' : 'serviceValidate';
  return `${trimSlash(base)}/${path}?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(ticket)}`;
}

/** `<base>/logout?service=…`: ends the CAS session, then returns the browser to `back`. */
export function casLogoutUrl(base: string, back: string): string {
  return `${trimSlash(base)}/logout?service=${encodeURIComponent(back)}`;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * A service ticket as CAS issues them: `ST-` and URL-safe characters, at most 256 long
 * (the protocol's own limit). Anything else is refused before a round trip.
 */
export function isServiceTicket(ticket: string): boolean {
  return /^ST-[A-Za-z0-9._~:-]{1,253}$/.test(ticket);
}

function element(xml: string, localName: string): { attrs: string; body: string } | null {
  const re = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${localName}(\\s[^>]*)?>([\\s\\S]*?)</(?:[A-Za-z_][\\w.-]*:)?${localName}\\s*>`);
  const match = re.exec(xml);
  return match ? { attrs: match[1] ?? '', body: match[2] ?? '' } : null;
}

/** XML text to plain text: the five entities, numeric references, CDATA. */
export function xmlText(raw: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*)\]\]>\s*$/.exec(raw);
  if (cdata) return cdata[1]!;
  return raw
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** The answer of serviceValidate: the signed-in CAS user, or the failure code and text. */
export function parseCasValidation(xml: string): CasValidation {
  const success = element(xml, 'authenticationSuccess');
  if (success) {
    const user = element(success.body, 'user');
    const name = user ? xmlText(user.body) : '';
    return name ? { ok: true, user: name } : { ok: false, code: 'INVALID_RESPONSE', message: 'authenticationSuccess without a user' };
  }
  const failure = element(xml, 'authenticationFailure');
  if (failure) {
    const code = /\bcode\s*=\s*"([^"]*)"/.exec(failure.attrs)?.[1] ?? 'UNKNOWN';
    return { ok: false, code, message: xmlText(failure.body) };
  }
  return { ok: false, code: 'INVALID_RESPONSE', message: 'not a CAS serviceResponse' };
}

/** The service ticket a single-logout request names (`<samlp:SessionIndex>`), or null. */
export function parseLogoutRequest(xml: string): string | null {
  const index = element(xml, 'SessionIndex');
  const ticket = index ? xmlText(index.body) : '';
  return ticket && isServiceTicket(ticket) ? ticket : null;
}
