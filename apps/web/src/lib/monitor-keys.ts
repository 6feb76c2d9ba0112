/** Every query of the monitor pages lives under this key. */
export const MONITOR_KEY = ['monitor'] as const;

export const monitorKeys = {
  overview: [...MONITOR_KEY, 'overview'] as const,
  station: (id: number) => [...MONITOR_KEY, 'station', id] as const,
};

/** Live events keep the pages current; these polls only cover events that were missed. */
export const OVERVIEW_REFETCH_MS = 30_000;
export const STATION_REFETCH_MS = 60_000;
