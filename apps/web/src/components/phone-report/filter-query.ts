/**
 * A phone list's filters as the endpoint's query: the desktop page's filter object, empty
 * values left out, the search trimmed. Newest first, as the desktop list opens.
 */
export function listQueryOf(filters: Readonly<Record<string, string | number | undefined>>, q: string): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || (typeof value === 'number' && !Number.isFinite(value))) continue;
    query[key] = value;
  }
  const search = q.trim().slice(0, 100);
  if (search) query.q = search;
  return query;
}

/**
 * How many filters are set, for the filter button's badge: an organisation pick counts once
 * (distributor, company or station), a range once, and `fixed` keys (the alarm kind) never.
 */
export function activeFilterCount(filters: Readonly<Record<string, string | number | undefined>>, fixed: readonly string[] = []): number {
  const set = (key: string) => !fixed.includes(key) && filters[key] !== undefined && filters[key] !== '';
  const org = ['distributorId', 'companyId', 'stationId'].some(set) ? 1 : 0;
  const range = set('from') || set('to') ? 1 : 0;
  const others = Object.keys(filters).filter((key) => !['distributorId', 'companyId', 'stationId', 'from', 'to'].includes(key) && set(key)).length;
  return org + range + others;
}
