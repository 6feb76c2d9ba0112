/**
 * The rare things a real station does, which the server must cope with and a demo should show.
 * Rates are expected occurrences per station per simulated day; each sub-step rolls
 * rate × step / day, so how often reports go out does not change how often things happen.
 */
export const RARE_EVENT_KINDS = ['probe-fault', 'data-jump', 'power-off', 'network-gap', 'leak-alarm'] as const;
export type RareEventKind = (typeof RARE_EVENT_KINDS)[number];
export type EventRates = Record<RareEventKind, number>;

export const DEFAULT_EVENT_RATES: EventRates = {
  'probe-fault': 0.25,
  'data-jump': 0.25,
  'power-off': 0.1,
  'network-gap': 0.2,
  'leak-alarm': 0.15,
};

/** `true`/undefined: the defaults; `false`: none; an object overrides some rates. */
export type EventsOption = boolean | Partial<EventRates> | undefined;

export function resolveEventRates(events: EventsOption): EventRates {
  if (events === false) return { 'probe-fault': 0, 'data-jump': 0, 'power-off': 0, 'network-gap': 0, 'leak-alarm': 0 };
  if (events === true || events === undefined) return { ...DEFAULT_EVENT_RATES };
  return { ...DEFAULT_EVENT_RATES, ...events };
}

/** How long each lasting event lasts, in simulated minutes [min, max). */
export const DURATION_MIN: Record<Exclude<RareEventKind, 'data-jump'>, readonly [number, number]> = {
  'probe-fault': [10, 90],
  'power-off': [5, 30],
  'network-gap': [20, 60],
  'leak-alarm': [15, 120],
};

/** Spec §3 codes: level alarm 2 "data fault", leak/sensor alarm 8 "leak alarm". */
export const PROBE_FAULT_CODE = 2;
export const LEAK_ALARM_CODE = 8;
