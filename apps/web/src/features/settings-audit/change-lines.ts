/**
 * The `changes` of an audit row as short readable lines: "city: Medellín → Bogotá" for a
 * changed field, "city: Bogotá" for a field of a created or deleted row. Pure, so tested.
 */

/** The longest a value is shown before it is cut with an ellipsis. */
export const MAX_VALUE_LENGTH = 40;

const PAIR_ACTIONS = new Set(['update', 'enable', 'disable', 'resetPassword']);

const isPair = (value: unknown): value is [unknown, unknown] => Array.isArray(value) && value.length === 2;

/** One value as text: empty shown as `missing`, objects as JSON, cut at `max` characters. */
export function formatValue(value: unknown, missing = '—', max = MAX_VALUE_LENGTH): string {
  if (value === null || value === undefined || value === '') return missing;
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') text = String(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  text = text.replace(/\s+/g, ' ').trim();
  if (text === '') return missing;
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, Math.max(1, max - 1)).join('')}…` : text;
}

/**
 * Lines for `changes`. Updates (and enable, disable, password reset) carry
 * {field: [before, after]}; other actions carry the row's fields, unless every field is a
 * [before, after] pair (some creates are recorded as a diff against nothing).
 */
export function changeLines(action: string, changes: unknown, options: { missing?: string; max?: number } = {}): string[] {
  if (changes === null || changes === undefined) return [];
  const missing = options.missing ?? '—';
  const max = options.max ?? MAX_VALUE_LENGTH;
  if (typeof changes !== 'object' || Array.isArray(changes)) return [formatValue(changes, missing, max)];
  const entries = Object.entries(changes as Record<string, unknown>);
  const pairs = PAIR_ACTIONS.has(action) || (entries.length > 0 && entries.every(([, value]) => isPair(value)));
  return entries.map(([field, value]) =>
    pairs && isPair(value)
      ? `${field}: ${formatValue(value[0], missing, max)} → ${formatValue(value[1], missing, max)}`
      : `${field}: ${formatValue(value, missing, max)}`,
  );
}

/** One recorded field: a change (before → after) or a value of a created or deleted row. */
export type ChangeEntry = { field: string; pair: true; before: unknown; after: unknown } | { field: string; pair: false; value: unknown };

/** The entries of `changes`, read by the same rule as `changeLines`; the page labels and formats them. */
export function changeEntries(action: string, changes: unknown): ChangeEntry[] {
  if (changes === null || changes === undefined || typeof changes !== 'object' || Array.isArray(changes)) return [];
  const entries = Object.entries(changes as Record<string, unknown>);
  const pairs = PAIR_ACTIONS.has(action) || (entries.length > 0 && entries.every(([, value]) => isPair(value)));
  return entries.map(([field, value]) => (pairs && isPair(value) ? { field, pair: true, before: value[0], after: value[1] } : { field, pair: false, value }));
}
