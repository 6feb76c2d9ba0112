import { fieldPath, type FieldErrorEntry } from '../../components/list-page/field-errors';

/**
 * Places the server's field problems on the station form. The tank fields are a Form.List,
 * so `tanks.0.highOilAlarmMm` already names an input; what has no input of its own is
 * moved onto one that does: a problem inside a tank's height-volume table
 * (`tanks.2.strapping.5.heightMm`) goes on that tank's table button, with the point number,
 * and a problem about a tank's hidden id goes on its code.
 */
/** The station form's top-level fields: server problems about other fields stay in the toast. */
export const STATION_FIELDS = [
  'name',
  'code',
  'taxNumber',
  'companyId',
  'areaId',
  'address',
  'phone',
  'timezone',
  'longitude',
  'latitude',
  'deviceIp',
  'devicePort',
  'serverIp',
  'deviceType',
  'instrumentType',
  'atgPollSeconds',
  'atgSecurityCode',
  'tanks',
] as const;

export const TANK_INPUT_FIELDS = [
  'code',
  'productId',
  'heightMm',
  'volumeL',
  'diameterMm',
  'probeAddress',
  'oilOffsetMm',
  'waterOffsetMm',
  'lowOilAlarmMm',
  'lowOilWarnMm',
  'highOilWarnMm',
  'highOilAlarmMm',
  'highWaterAlarmMm',
  'strapping',
] as const;

export interface PointLabel {
  /** Text before a problem in a table point, given its 1-based number. */
  (point: number): string;
}

export function tankFieldErrors(entries: readonly FieldErrorEntry[], pointLabel: PointLabel): FieldErrorEntry[] {
  const out = new Map<string, FieldErrorEntry>();
  const put = (name: (string | number)[], errors: string[]) => {
    const key = JSON.stringify(name);
    const entry = out.get(key);
    if (!entry) {
      out.set(key, { name, errors: [...errors] });
      return;
    }
    for (const e of errors) if (!entry.errors.includes(e)) entry.errors.push(e);
  };
  for (const entry of entries) {
    const [head, index, field, point] = entry.name;
    if (head !== 'tanks' || entry.name.length === 1) {
      put(entry.name, entry.errors);
      continue;
    }
    if (typeof index !== 'number') {
      put(['tanks'], entry.errors);
      continue;
    }
    if (field === 'strapping') {
      const prefix = typeof point === 'number' ? `${pointLabel(point + 1)}: ` : '';
      put(['tanks', index, 'strapping'], entry.errors.map((e) => prefix + e));
      continue;
    }
    if (typeof field === 'string' && (TANK_INPUT_FIELDS as readonly string[]).includes(field)) put(['tanks', index, field], entry.errors);
    else put(['tanks', index, 'code'], entry.errors);
  }
  return [...out.values()];
}

/** The tank rows a list of form errors touches (to tell the user which rows to look at). */
export function tankRowsWithErrors(entries: readonly { name: (string | number)[] | string }[]): number[] {
  const rows = new Set<number>();
  for (const entry of entries) {
    const name = Array.isArray(entry.name) ? entry.name : fieldPath(entry.name);
    if (name[0] === 'tanks' && typeof name[1] === 'number') rows.add(name[1]);
  }
  return [...rows].sort((a, b) => a - b);
}
