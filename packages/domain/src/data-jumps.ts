/**
 * Data jumps (spec §9 "jump alarm thresholds", the alarm_record page): two consecutive
 * readings of one tank that no real tank produces, a sign of a gauge or probe fault.
 *
 * - temperature: the temperatures differ by more than 3 °C;
 * - height: the product heights differ by more than 10 cm (100 mm);
 * - volume-without-height: the heights differ by less than 5 mm while the volumes differ by
 *   200 L or more;
 * - volume-to-zero: the volume falls from above 0 to 0 while the height stays the same.
 *
 * Each rule is judged on its own: a pair of readings may break several (a probe that loses
 * its float can jump in height and temperature at once), and each broken rule is one record.
 * Differences are absolute (a jump up is as suspect as one down) and are rounded to a
 * millionth of their unit before comparing, so that 18.1 − 15.1 is exactly 3 (not a jump),
 * as a person reading the two values would judge it.
 */
export const JUMP_RULES = ['temperature', 'height', 'volume-without-height', 'volume-to-zero'] as const;
export type JumpRule = (typeof JUMP_RULES)[number];

/** The thresholds of spec §9, in SI (°C, mm, litres). */
export const JUMP_LIMITS = {
  /** More than this temperature difference is a jump. */
  temperatureC: 3,
  /** More than this product-height difference (10 cm) is a jump. */
  heightMm: 100,
  /** Below this height difference, the level has not moved… */
  steadyHeightMm: 5,
  /** …so a volume difference of this much or more is a jump. */
  volumeL: 200,
} as const;

/** What the rules read of a reading (SI). */
export interface JumpReading {
  productHeightMm: number;
  temperatureC: number;
  volumeL: number;
}

const NONE: readonly JumpRule[] = Object.freeze([]);

/** |a − b| without floating-point noise below a millionth. */
export function difference(a: number, b: number): number {
  return Math.round(Math.abs(a - b) * 1e6) / 1e6;
}

/**
 * The rules that `next` breaks after `prev` (the reading just before it), in JUMP_RULES
 * order; an empty, shared array when it breaks none (the common case allocates nothing).
 */
export function brokenJumpRules(prev: JumpReading, next: JumpReading): readonly JumpRule[] {
  const dT = difference(prev.temperatureC, next.temperatureC);
  const dH = difference(prev.productHeightMm, next.productHeightMm);
  const dV = difference(prev.volumeL, next.volumeL);
  const temperature = dT > JUMP_LIMITS.temperatureC;
  const height = dH > JUMP_LIMITS.heightMm;
  const volumeWithoutHeight = dH < JUMP_LIMITS.steadyHeightMm && dV >= JUMP_LIMITS.volumeL;
  const volumeToZero = prev.volumeL > 0 && next.volumeL === 0 && dH === 0;
  if (!temperature && !height && !volumeWithoutHeight && !volumeToZero) return NONE;
  const rules: JumpRule[] = [];
  if (temperature) rules.push('temperature');
  if (height) rules.push('height');
  if (volumeWithoutHeight) rules.push('volume-without-height');
  if (volumeToZero) rules.push('volume-to-zero');
  return rules;
}

/**
 * A jump as recorded: the rule, the two consecutive readings it broke between, and — for a
 * spike — the reading that came back. Indexes are into the series given.
 */
export interface JumpEvent {
  rule: JumpRule;
  prevIndex: number;
  index: number;
  /**
   * A spike (review item 14): the next reading broke the same rule again and is back within it
   * of the reading before the jump (15 → 20 → 15.5 °C). Both pairs are one event, since one
   * fault made them; null when the jump did not come back at the next reading.
   */
  backIndex: number | null;
}

/**
 * How far an event depends on its neighbours: the event of the pair ending at reading i is
 * decided by readings i − JUMP_CONTEXT.before … i + JUMP_CONTEXT.after. Whoever re-judges
 * readings whose neighbours changed re-judges the events that far around them.
 */
export const JUMP_CONTEXT = { before: 3, after: 1 } as const;

/**
 * The jump events of one tank's consecutive readings (time order, one per time). Each pair
 * that breaks a rule is an event, except the way back of a spike, which belongs to the jump
 * it ends. A spike starts only where the previous pair was not itself a jump that came back,
 * so in a probe that flaps (15, 20, 15, 20, 15) one pair is not claimed by two spikes — and
 * the decision looks no further than JUMP_CONTEXT, so a late reading changes only the events
 * around it.
 */
export function jumpEvents(series: readonly JumpReading[]): JumpEvent[] {
  const broken = series.map((r, i) => (i === 0 ? NONE : brokenJumpRules(series[i - 1]!, r)));
  const breaks = (i: number, rule: JumpRule) => i >= 1 && i < series.length && broken[i]!.includes(rule);
  // The pair ending at i jumps, the next pair breaks the rule too, and i + 1 is back near i − 1.
  const comesBack = (i: number, rule: JumpRule) =>
    breaks(i, rule) && breaks(i + 1, rule) && !brokenJumpRules(series[i - 1]!, series[i + 1]!).includes(rule);
  const spike = (i: number, rule: JumpRule) => comesBack(i, rule) && !comesBack(i - 1, rule);
  const events: JumpEvent[] = [];
  for (let i = 1; i < series.length; i++) {
    for (const rule of broken[i]!) {
      if (spike(i - 1, rule)) continue;
      events.push({ rule, prevIndex: i - 1, index: i, backIndex: spike(i, rule) ? i + 1 : null });
    }
  }
  return events;
}

/**
 * The figures that explain a jump to a reader: how much the value the rule watches changed,
 * against the rule's limit (SI: °C, mm or litres). For volume-without-height, the volume's
 * change; the height's is `heightChange`.
 */
export function jumpFigures(rule: JumpRule, prev: JumpReading, next: JumpReading): { change: number; limit: number; heightChange: number } {
  const heightChange = difference(prev.productHeightMm, next.productHeightMm);
  switch (rule) {
    case 'temperature':
      return { change: difference(prev.temperatureC, next.temperatureC), limit: JUMP_LIMITS.temperatureC, heightChange };
    case 'height':
      return { change: heightChange, limit: JUMP_LIMITS.heightMm, heightChange };
    case 'volume-without-height':
      return { change: difference(prev.volumeL, next.volumeL), limit: JUMP_LIMITS.volumeL, heightChange };
    case 'volume-to-zero':
      return { change: difference(prev.volumeL, next.volumeL), limit: 0, heightChange };
  }
}

/** A temperature difference (not a temperature) in the company's unit: 3 °C is 5.4 °F. */
export function temperatureDifferenceFromC(differenceC: number, tempUnit: number | null | undefined): number {
  return tempUnit === 1 || tempUnit == null ? differenceC : (differenceC * 9) / 5;
}
