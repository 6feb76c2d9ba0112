import type { LiveAlarm } from './alarm-feed';

/**
 * At most this many alarm toasts are open at once; the alarms beyond wait in order behind one
 * summary toast that counts them. Two, because two alarm toasts (about 270 px tall each: seven
 * lines and the links) and the summary (about 150 px) stand whole in a window about 750 px high,
 * and three is the most antd shows unstacked in a corner: with more, they fold behind the newest
 * and unfold on hover past the top of the window, where the oldest can be neither read nor
 * closed (five did, in a 1366×800 window). The count, the alarm lists and "close all" on the
 * summary carry the rest of a burst, whatever a reconnect replays (every alarm missed: hundreds
 * after an hour away), and the DOM holds three toasts instead of hundreds.
 */
export const MAX_OPEN_ALARM_TOASTS = 2;

export type AlarmKind = 'level' | 'leak';

/** An alarm from the feed and the key of its toast (unique: the caller makes it). */
export interface BurstAlarm {
  key: string;
  alarm: LiveAlarm;
}

/**
 * When the alarms of one kind held back since the summary opened started, as the epoch
 * milliseconds of the first and last start (`to` inclusive); null when one of them came
 * without a start, so no range can be said to hold them all.
 */
export type HeldSpan = { first: number; last: number } | null;

/** What the toasts read: a new object after each change, the same one otherwise. */
export interface BurstView {
  /** Keys of the alarm toasts on screen, in the order they opened. */
  open: readonly string[];
  /** Alarms held back, in no toast yet: the summary's "and N more". */
  waiting: number;
  /** Per kind of the alarms held back since the summary opened, when they started. */
  held: Readonly<Partial<Record<AlarmKind, HeldSpan>>>;
}

/** What the screen does after a change. */
export interface BurstStep {
  /** Alarms to open as toasts, in this order. */
  show: BurstAlarm[];
  /** Toasts to close. */
  close: string[];
  /**
   * Open the summary toast (it reads the view for its count), after the toasts shown: on an
   * open summary, move it after them, so it stays the last, nearest the corner. Or close it.
   */
  summary: 'open' | 'close' | null;
}

/** Every alarm counted: on screen, waiting, or closed by the user. Held back while any waits. */
export interface AlarmBurst {
  /** An alarm arrives: shown if there is room and none waits before it, else held and counted. */
  arrive(entry: BurstAlarm): BurstStep;
  /** The user closed a toast: the first alarm waiting takes its place. Unknown keys change nothing. */
  closed(key: string): BurstStep;
  /** "Close all": every toast and every waiting alarm, and the summary. */
  closeAll(): BurstStep;
  view(): BurstView;
  subscribe(listener: () => void): () => void;
}

const NOTHING: BurstStep = { show: [], close: [], summary: null };

/**
 * The toasts of a burst of alarms, with no React, antd or timers: the caller opens and closes
 * what each step says. First in, first shown: an open toast never gives way to a newer alarm
 * (it would vanish under the reader's pointer), so a newer one waits and is counted, and closing
 * a toast brings the oldest one waiting. The queue is a plain array: an arrival is O(1).
 */
export function createAlarmBurst(max: number = MAX_OPEN_ALARM_TOASTS): AlarmBurst {
  let open: string[] = [];
  let waiting: BurstAlarm[] = [];
  let held: Partial<Record<AlarmKind, HeldSpan>> = {};
  let snapshot: BurstView = { open: [], waiting: 0, held: {} };
  const listeners = new Set<() => void>();

  const changed = () => {
    snapshot = { open: [...open], waiting: waiting.length, held: { ...held } };
    for (const listener of listeners) listener();
  };

  const hold = (alarm: LiveAlarm) => {
    const kind = alarm.kind;
    if (kind === undefined) return;
    const start = alarm.startedAt === undefined ? Number.NaN : Date.parse(alarm.startedAt);
    const span = held[kind];
    if (Number.isNaN(start) || span === null) held[kind] = null;
    else held[kind] = span === undefined ? { first: start, last: start } : { first: Math.min(span.first, start), last: Math.max(span.last, start) };
  };

  return {
    arrive(entry) {
      if (waiting.length === 0 && open.length < max) {
        open.push(entry.key);
        changed();
        return { ...NOTHING, show: [entry] };
      }
      waiting.push(entry);
      hold(entry.alarm);
      changed();
      return { ...NOTHING, summary: waiting.length === 1 ? 'open' : null };
    },
    closed(key) {
      const at = open.indexOf(key);
      if (at < 0) return NOTHING;
      open.splice(at, 1);
      const next = waiting.shift();
      if (next === undefined) {
        changed();
        return NOTHING;
      }
      open.push(next.key);
      if (waiting.length === 0) held = {};
      changed();
      return { ...NOTHING, show: [next], summary: waiting.length === 0 ? 'close' : 'open' };
    },
    closeAll() {
      if (open.length === 0 && waiting.length === 0) return NOTHING;
      const close = open;
      const summary = waiting.length > 0 ? 'close' : null;
      open = [];
      waiting = [];
      held = {};
      changed();
      return { show: [], close, summary };
    },
    view: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
