/**
 * Rules for a tank's configuration (spec §3, §5): alarm thresholds in a sensible order and a
 * height-volume table that rises strictly and stays inside the tank. Each answers the
 * problems it finds as {field, rule}, so the server and the form report the same things.
 */
export interface TankThresholds {
  heightMm: number;
  volumeL: number;
  lowOilAlarmMm?: number | null;
  lowOilWarnMm?: number | null;
  highOilWarnMm?: number | null;
  highOilAlarmMm?: number | null;
  highWaterAlarmMm?: number | null;
}

export type TankRule = 'thresholdOrder' | 'withinHeight' | 'strappingIncreasing' | 'strappingWithin' | 'duplicate';
export interface TankProblem {
  field: string;
  rule: TankRule;
}

/** Low alarm < low warning < high warning < high alarm; each of them and the water alarm within the tank. */
const ORDER = ['lowOilAlarmMm', 'lowOilWarnMm', 'highOilWarnMm', 'highOilAlarmMm'] as const;

export function thresholdProblems(tank: TankThresholds): TankProblem[] {
  const problems: TankProblem[] = [];
  for (const field of [...ORDER, 'highWaterAlarmMm'] as const) {
    const value = tank[field];
    if (value !== null && value !== undefined && value > tank.heightMm) problems.push({ field, rule: 'withinHeight' });
  }
  // Compare each set threshold with the nearest set one below it; unset ones are skipped.
  let previous: number | undefined;
  for (const field of ORDER) {
    const value = tank[field];
    if (value === null || value === undefined) continue;
    if (previous !== undefined && value <= previous && !problems.some((p) => p.field === field)) problems.push({ field, rule: 'thresholdOrder' });
    previous = value;
  }
  return problems;
}

export interface StrappingPointInput {
  heightMm: number;
  volumeL: number;
}

/** Problems of a height-volume table: fields are `<index>.heightMm` / `<index>.volumeL`. */
export function strappingProblems(points: readonly StrappingPointInput[], heightMm: number, volumeL: number): TankProblem[] {
  const problems: TankProblem[] = [];
  points.forEach((point, i) => {
    const before = points[i - 1];
    if (point.heightMm > heightMm) problems.push({ field: `${i}.heightMm`, rule: 'strappingWithin' });
    else if (before && point.heightMm <= before.heightMm) problems.push({ field: `${i}.heightMm`, rule: 'strappingIncreasing' });
    if (point.volumeL > volumeL) problems.push({ field: `${i}.volumeL`, rule: 'strappingWithin' });
    else if (before && point.volumeL <= before.volumeL) problems.push({ field: `${i}.volumeL`, rule: 'strappingIncreasing' });
  });
  return problems;
}

/** Indexes of codes that repeat an earlier one (compared without letter case). */
export function duplicateIndexes(codes: readonly string[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  codes.forEach((code, i) => {
    const key = code.trim().toLowerCase();
    if (seen.has(key)) duplicates.push(i);
    seen.add(key);
  });
  return duplicates;
}
