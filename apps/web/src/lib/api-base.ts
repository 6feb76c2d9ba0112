/**
 * Spec §7: the API base address depends on whether the page was opened on a raw IP address
 * (with or without a port) or on a host name, each with its own configured address. An
 * unset address means same origin, so calls go to `/api/...` on the page's own server.
 */
export interface ApiBaseConfig {
  /** VITE_API_BASE_IP */
  ipBase?: string | undefined;
  /** VITE_API_BASE_HOST */
  hostBase?: string | undefined;
}

const IPV4_WITH_OPTIONAL_PORT = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?::(\d{1,5}))?$/;

/** True for `192.168.1.10` or `10.0.0.2:8080`; false for host names and out-of-range octets. */
export function isRawIpv4(host: string): boolean {
  const match = IPV4_WITH_OPTIONAL_PORT.exec(host.trim());
  if (!match) return false;
  const octets = match.slice(1, 5).map(Number);
  if (octets.some((n) => n > 255)) return false;
  const port = match[5];
  return port === undefined || Number(port) <= 65535;
}

/** The base to prefix `/api/...` with: '' (same origin) or a configured origin without a trailing slash. */
export function apiBaseFor(host: string, config: ApiBaseConfig): string {
  const configured = isRawIpv4(host) ? config.ipBase : config.hostBase;
  const base = configured?.trim() ?? '';
  return base.replace(/\/+$/, '');
}

/** The base for this page, read from the build-time environment. */
export function currentApiBase(): string {
  if (typeof window === 'undefined') return '';
  return apiBaseFor(window.location.host, {
    ipBase: import.meta.env.VITE_API_BASE_IP,
    hostBase: import.meta.env.VITE_API_BASE_HOST,
  });
}
