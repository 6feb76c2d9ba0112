/**
 * The history range in a phone's native date-and-time fields: `YYYY-MM-DDTHH:mm` in the
 * phone's own zone, as the desktop pickers use the viewer's zone. Whole minutes.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local field shows it; '' for none. */
export function localInputOf(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** What a datetime-local field holds, as an instant; undefined when it is empty or unreadable. */
export function isoOfLocalInput(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** The quick ranges of the desktop form: the last day, 3, 7 or 11 days, to the next whole minute. */
export const HISTORY_PRESET_DAYS = [1, 3, 7, 11] as const;

export function lastDays(days: number, now = Date.now()): { from: string; to: string } {
  const end = Math.ceil(now / 60_000) * 60_000;
  return { from: new Date(end - days * 86_400_000).toISOString(), to: new Date(end).toISOString() };
}
