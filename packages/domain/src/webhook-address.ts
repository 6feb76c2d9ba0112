/**
 * Which addresses a webhook may be sent to (issue 38). An organisation must not make the server
 * call its internal network: only public unicast addresses are allowed by default, both when an
 * endpoint is saved and at send time on the address its host resolved to (DNS rebinding).
 * WEBHOOK_ALLOW_PRIVATE lets a self-hoster allow every class but 'invalid'.
 */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'cgnat' | 'unspecified' | 'multicast' | 'reserved' | 'invalid';

/** Four octets of a dotted IPv4 address (exactly four decimal parts, each 0–255), or null. */
export function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const octets = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return octets.every((o) => o <= 255) ? octets : null;
}

/** Eight 16-bit groups of an IPv6 address (`::` compression, a dotted IPv4 tail, a `%zone` dropped), or null. */
export function parseIpv6(text: string): number[] | null {
  const address = text.replace(/%.*$/, '');
  if (!/^[0-9a-fA-F:.]+$/.test(address) || address.split('::').length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (!v4) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const [head, tail] = address.split('::') as [string, string | undefined];
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  if (!before || !after) return null;
  if (tail === undefined) return before.length === 8 ? before : null;
  const missing = 8 - before.length - after.length;
  return missing >= 1 ? [...before, ...new Array<number>(missing).fill(0), ...after] : null;
}

const within = (octets: number[], base: readonly number[], bits: number): boolean => {
  for (let i = 0; i < 4; i++) {
    const take = Math.max(0, Math.min(8, bits - i * 8));
    const mask = (0xff << (8 - take)) & 0xff;
    if ((octets[i]! & mask) !== (base[i]! & mask)) return false;
  }
  return true;
};

/** IPv4 ranges that are not public unicast, most specific meaning first (RFC 6890). */
const IPV4_RANGES: readonly [readonly number[], number, AddressClass][] = [
  [[0, 0, 0, 0], 8, 'unspecified'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'cgnat'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'reserved'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'reserved'],
  [[203, 0, 113, 0], 24, 'reserved'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

function classifyIpv4(octets: number[]): AddressClass {
  return IPV4_RANGES.find(([base, bits]) => within(octets, base, bits))?.[2] ?? 'public';
}

function classifyIpv6(g: number[]): AddressClass {
  const v4Tail = [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff];
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d is the IPv4 address itself (a dual-stack socket connects to it).
  if (zeros(0, 5) && g[5] === 0xffff) return classifyIpv4(v4Tail);
  // The deprecated IPv4-compatible form ::a.b.c.d, and ::ffff:0:a.b.c.d (SIIT).
  if (zeros(0, 6) || (zeros(0, 4) && g[4] === 0xffff && g[5] === 0)) return 'reserved';
  // NAT64 (64:ff9b::/96) reaches the IPv4 address it embeds; the local-use prefix is a private network's.
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return classifyIpv4(v4Tail);
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return 'private';
  // 6to4 (2002::/16) reaches the IPv4 address in its next 32 bits.
  if (g[0] === 0x2002) return classifyIpv4([g[1]! >> 8, g[1]! & 0xff, g[2]! >> 8, g[2]! & 0xff]);
  if ((g[0]! & 0xfe00) === 0xfc00) return 'private';
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0]! & 0xffc0) === 0xfec0) return 'private';
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast';
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'reserved';
  if (g[0] === 0x2001 && g[1]! < 0x0200) return 'reserved';
  // Only 2000::/3 is global unicast today.
  return (g[0]! & 0xe000) === 0x2000 ? 'public' : 'reserved';
}

/** The class of an IP address as text (IPv4 dotted, IPv6 with or without brackets); 'invalid' for anything else. */
export function classifyAddress(text: string): AddressClass {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const v4 = parseIpv4(bare);
  if (v4) return classifyIpv4(v4);
  const v6 = bare.includes(':') ? parseIpv6(bare) : null;
  return v6 ? classifyIpv6(v6) : 'invalid';
}

/** Whether a webhook may be sent to an address of this class. */
export function addressAllowed(klass: AddressClass, allowPrivate: boolean): boolean {
  if (klass === 'invalid') return false;
  return klass === 'public' || allowPrivate;
}

/** The parts of an endpoint's URL that decide whether it may be saved (the server parses it with URL). */
export interface UrlParts {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
}

/**
 * Why an endpoint's URL is refused before any look-up, or null: the scheme, credentials in the
 * URL (the secret signs; a password in a URL ends up in logs), a missing host, or a host that is
 * an address of a class not allowed. A name is checked again on each address it resolves to.
 */
export function urlProblem(url: UrlParts, allowPrivate: boolean): 'scheme' | 'credentials' | 'host' | 'address' | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.username !== '' || url.password !== '') return 'credentials';
  const host = url.hostname;
  if (host === '') return 'host';
  const literal = /^\[.*\]$/.test(host) || parseIpv4(host) !== null;
  if (literal) return addressAllowed(classifyAddress(host), allowPrivate) ? null : 'address';
  // A name like localhost never reaches DNS (the resolver answers it), nor do names without a dot
  // in most setups; "localhost" and "*.localhost" are loopback by RFC 6761.
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) return 'address';
  // WHATWG URL turns a numeric host like 2130706433 or 0x7f.1 into dotted form already.
  return null;
}
