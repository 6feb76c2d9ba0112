type Filters = Readonly<Record<string, string | number | undefined>>;

const ORG_KEYS = ['distributorId', 'companyId', 'stationId'] as const;
/** The ends of a period, each pair counted as one filter. */
const PERIOD_KEYS = [
  ['from', 'to'],
  ['fromDay', 'toDay'],
  ['fromMonth', 'toMonth'],
] as const;

/**
 * How many filters differ from those the page opened with, for the filter button's badge:
 * an organisation pick counts once, a changed period once, every other changed value once.
 * A report page opens on a default period (the last 7 or 30 days, this month), which is not
 * a filter the user set; "Clear filters" goes back to it.
 */
export function changedFilterCount(filters: Filters, initial: Filters): number {
  const differs = (key: string) => filters[key] !== initial[key];
  const grouped = new Set<string>(ORG_KEYS);
  let count = ORG_KEYS.some(differs) ? 1 : 0;
  for (const pair of PERIOD_KEYS) {
    pair.forEach((key) => grouped.add(key));
    if (pair.some(differs)) count += 1;
  }
  const others = new Set([...Object.keys(filters), ...Object.keys(initial)].filter((key) => !grouped.has(key)));
  for (const key of others) if (differs(key)) count += 1;
  return count;
}
