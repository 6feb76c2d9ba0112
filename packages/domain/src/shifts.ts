import { daysBetween, isDay, nextDay } from './station-day';
import { zonedTimeToUtc } from './zoned-time';

/**
 * A station's shifts (issue 6 item 8, "pay for oil"). Each shift starts at a wall time of the
 * station's zone and runs until the next shift starts; the last one runs past midnight to the
 * first shift of the next day. A shift belongs to the day it starts on. A station with no
 * shifts configured has one, the whole day from 00:00.
 *
 * Invariant of a station's list: 1..MAX_SHIFTS shifts, start minutes distinct within 0..1439,
 * names distinct; `orderedShifts` sorts it by start.
 */
export interface Shift {
  name: string;
  /** Minutes after the station's local midnight, 0..1439. */
  startMinute: number;
}

export const MIN_SHIFTS = 1;
export const MAX_SHIFTS = 6;
export const SHIFT_NAME_MAX = 30;
export const MINUTES_PER_DAY = 1440;

/** The shift of a station that has none configured; its name is shown translated. */
export const ALL_DAY_SHIFT: Shift = { name: 'All day', startMinute: 0 };

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:MM' (24-hour, two digits each) → minutes after midnight; anything else → null. */
export function parseTimeOfDay(text: string): number | null {
  const m = TIME_OF_DAY.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Minutes after midnight → 'HH:MM'. */
export function timeOfDay(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** A shift as the configuration form sends it. */
export interface ShiftInput {
  name: string;
  /** 'HH:MM' */
  start: string;
}

export type ShiftRule = 'shiftCount' | 'required' | 'tooLong' | 'duplicate' | 'timeOfDay';

/** `field` is `shifts` (the list) or `shifts.<index>.name|start`; params fill the rule's message. */
export interface ShiftProblem {
  field: string;
  rule: ShiftRule;
  params?: Record<string, number>;
}

/**
 * What is wrong with a station's shifts as entered: 1..6 shifts; each named (1..30 characters
 * after trimming, no two alike ignoring case) and starting at a distinct HH:MM. A repeat is
 * reported on the later entry, the one the user just added.
 */
export function shiftProblems(input: readonly ShiftInput[]): ShiftProblem[] {
  const problems: ShiftProblem[] = [];
  if (input.length < MIN_SHIFTS || input.length > MAX_SHIFTS) problems.push({ field: 'shifts', rule: 'shiftCount', params: { min: MIN_SHIFTS, max: MAX_SHIFTS } });
  const names = new Set<string>();
  const starts = new Set<number>();
  input.forEach((shift, i) => {
    const name = shift.name.trim();
    if (name === '') problems.push({ field: `shifts.${i}.name`, rule: 'required' });
    else if (name.length > SHIFT_NAME_MAX) problems.push({ field: `shifts.${i}.name`, rule: 'tooLong', params: { max: SHIFT_NAME_MAX } });
    else if (names.has(name.toLowerCase())) problems.push({ field: `shifts.${i}.name`, rule: 'duplicate' });
    if (name !== '') names.add(name.toLowerCase());
    const minute = parseTimeOfDay(shift.start);
    if (minute === null) problems.push({ field: `shifts.${i}.start`, rule: 'timeOfDay' });
    else if (starts.has(minute)) problems.push({ field: `shifts.${i}.start`, rule: 'duplicate' });
    else starts.add(minute);
  });
  return problems;
}

/** Valid input (shiftProblems found nothing) as shifts to store, ordered by start. */
export function shiftsOfInput(input: readonly ShiftInput[]): Shift[] {
  return orderedShifts(input.map((s) => ({ name: s.name.trim(), startMinute: parseTimeOfDay(s.start)! })));
}

/** A station's shifts in day order; a station without any has the all-day shift. */
export function orderedShifts(shifts: readonly Shift[]): Shift[] {
  if (shifts.length === 0) return [ALL_DAY_SHIFT];
  return [...shifts].sort((a, b) => a.startMinute - b.startMinute);
}

/** One shift on one day, as instants: [startMs, endMs). */
export interface ShiftWindow {
  /** The station-local day the shift starts on, YYYY-MM-DD. */
  day: string;
  /** 1-based position of the shift in its day. */
  shiftNo: number;
  name: string;
  startMinute: number;
  startMs: number;
  endMs: number;
}

function wallStarts(day: string, shifts: readonly Shift[], timeZone: string): number[] {
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  const raw = shifts.map((s) => zonedTimeToUtc({ year, month, day: dayOfMonth, hour: Math.floor(s.startMinute / 60), minute: s.startMinute % 60 }, timeZone).getTime());
  // A start in the hour a spring-forward skips reads as the hour after (02:30 → 03:30), which
  // can pass a later shift's start (03:00). Such a shift did not happen that day: it starts
  // when the next one does and lasts nothing, so the day's shifts still follow one another.
  for (let i = raw.length - 2; i >= 0; i--) raw[i] = Math.min(raw[i]!, raw[i + 1]!);
  return raw;
}

function windowsOf(day: string, ordered: readonly Shift[], starts: readonly number[], nextFirst: number): ShiftWindow[] {
  return ordered.map((shift, i) => ({
    day,
    shiftNo: i + 1,
    name: shift.name,
    startMinute: shift.startMinute,
    startMs: starts[i]!,
    endMs: i + 1 < starts.length ? starts[i + 1]! : nextFirst,
  }));
}

/**
 * The shifts of one station-local day as instants. Each ends where the next starts; the last
 * ends at the first shift of the next day. Across a DST change a shift is an hour shorter or
 * longer, like the day itself.
 */
export function shiftWindows(day: string, shifts: readonly Shift[], timeZone: string): ShiftWindow[] {
  return shiftWindowsBetween(day, day, shifts, timeZone);
}

/** The shifts of every day from `first` to `last`, both included, in time order. */
export function shiftWindowsBetween(first: string, last: string, shifts: readonly Shift[], timeZone: string): ShiftWindow[] {
  if (!isDay(first)) throw new RangeError(`Not a day: ${first}`);
  if (!isDay(last)) throw new RangeError(`Not a day: ${last}`);
  const ordered = orderedShifts(shifts);
  const windows: ShiftWindow[] = [];
  // Each day's starts are worked out once: they also end the day before.
  let starts = wallStarts(first, ordered, timeZone);
  for (const day of daysBetween(first, last)) {
    const next = wallStarts(nextDay(day), ordered, timeZone);
    windows.push(...windowsOf(day, ordered, starts, next[0]!));
    starts = next;
  }
  return windows;
}
