/**
 * Server-evaluated level alarms from a tank's thresholds (spec §3 level codes, issue 5):
 * high oil alarm 10, high oil warning 11, low oil warning 12, low oil alarm 13, high water
 * alarm 14. An alarm is raised when the level crosses its threshold and cleared only once the
 * level is back past it by the hysteresis band, so a level hovering at a threshold does not
 * raise a storm of alarms.
 */
export interface TankThresholds {
  heightMm: number;
  highOilAlarmMm: number | null;
  highOilWarnMm: number | null;
  lowOilWarnMm: number | null;
  lowOilAlarmMm: number | null;
  highWaterAlarmMm: number | null;
}

export const THRESHOLD_CODES = { highOilAlarm: 10, highOilWarn: 11, lowOilWarn: 12, lowOilAlarm: 13, highWaterAlarm: 14 } as const;
export type ThresholdCode = (typeof THRESHOLD_CODES)[keyof typeof THRESHOLD_CODES];

/** The band a level must move back past a threshold before its alarm clears: 1 % of the tank, at least 5 mm. */
export function hysteresisMm(tank: Pick<TankThresholds, 'heightMm'>): number {
  return Math.max(5, tank.heightMm * 0.01);
}

interface Rule {
  code: ThresholdCode;
  threshold: (t: TankThresholds) => number | null;
  level: 'product' | 'water';
  /** High thresholds raise at or above, low ones at or below. */
  high: boolean;
}

const RULES: readonly Rule[] = [
  { code: 10, threshold: (t) => t.highOilAlarmMm, level: 'product', high: true },
  { code: 11, threshold: (t) => t.highOilWarnMm, level: 'product', high: true },
  { code: 12, threshold: (t) => t.lowOilWarnMm, level: 'product', high: false },
  { code: 13, threshold: (t) => t.lowOilAlarmMm, level: 'product', high: false },
  { code: 14, threshold: (t) => t.highWaterAlarmMm, level: 'water', high: true },
];

export interface LevelPoint {
  productHeightMm: number;
  waterHeightMm: number;
}

/**
 * The threshold alarms active after this reading, given those active before it. Codes with
 * no threshold set are never active.
 */
export function activeThresholdAlarms(tank: TankThresholds, before: ReadonlySet<number>, point: LevelPoint): Set<ThresholdCode> {
  const band = hysteresisMm(tank);
  const active = new Set<ThresholdCode>();
  for (const rule of RULES) {
    const threshold = rule.threshold(tank);
    if (threshold === null) continue;
    const level = rule.level === 'product' ? point.productHeightMm : point.waterHeightMm;
    const wasActive = before.has(rule.code);
    const on = rule.high ? (wasActive ? level > threshold - band : level >= threshold) : wasActive ? level < threshold + band : level <= threshold;
    if (on) active.add(rule.code);
  }
  return active;
}

/**
 * Whether a reading reaches any threshold. With no alarm active, a reading that reaches none
 * changes nothing: ingest skips the full evaluation for it (the common case, every reading).
 */
export function reachesAnyThreshold(tank: TankThresholds, point: LevelPoint): boolean {
  for (const rule of RULES) {
    const threshold = rule.threshold(tank);
    if (threshold === null) continue;
    const level = rule.level === 'product' ? point.productHeightMm : point.waterHeightMm;
    if (rule.high ? level >= threshold : level <= threshold) return true;
  }
  return false;
}
