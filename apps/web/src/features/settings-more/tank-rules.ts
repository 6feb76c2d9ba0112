import { MAX_TANKS_PER_STATION } from '@ullage/domain/validation';
import type { MessageKey } from '../../i18n/message-key';

/**
 * Spec §5 rules of a station's tanks, mirrored from the server so the form says what is wrong
 * before saving: at most 100 tanks with unique codes, alarm thresholds in order, and
 * height-volume (strapping) tables that rise strictly within the tank.
 */
export const TANKS_MAX = MAX_TANKS_PER_STATION;

export const THRESHOLD_FIELDS = ['lowOilAlarmMm', 'lowOilWarnMm', 'highOilWarnMm', 'highOilAlarmMm', 'highWaterAlarmMm'] as const;
export type ThresholdField = (typeof THRESHOLD_FIELDS)[number];

/** Oil thresholds from lowest to highest: low alarm < low warning < high warning < high alarm. */
export const OIL_CHAIN = ['lowOilAlarmMm', 'lowOilWarnMm', 'highOilWarnMm', 'highOilAlarmMm'] as const;

export interface StrappingDraft {
  heightMm?: number | null | undefined;
  volumeL?: number | null | undefined;
}

export interface TankDraft {
  id?: number | undefined;
  code?: string | null | undefined;
  productId?: number | null | undefined;
  heightMm?: number | null | undefined;
  volumeL?: number | null | undefined;
  diameterMm?: number | null | undefined;
  probeAddress?: string | null | undefined;
  oilOffsetMm?: number | null | undefined;
  waterOffsetMm?: number | null | undefined;
  lowOilAlarmMm?: number | null | undefined;
  lowOilWarnMm?: number | null | undefined;
  highOilWarnMm?: number | null | undefined;
  highOilAlarmMm?: number | null | undefined;
  highWaterAlarmMm?: number | null | undefined;
  strapping?: StrappingDraft[] | null | undefined;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export interface ThresholdProblem {
  key: MessageKey;
  /** The threshold the value must be above (for the message). */
  than?: ThresholdField;
}

/**
 * What is wrong with a tank's thresholds, per field. Empty thresholds are not checked;
 * a set one must be above every lower one that is set, the oil ones at most the tank
 * height, the high water alarm below it.
 */
export function thresholdProblems(tank: TankDraft): Partial<Record<ThresholdField, ThresholdProblem>> {
  const problems: Partial<Record<ThresholdField, ThresholdProblem>> = {};
  const height = isNumber(tank.heightMm) && tank.heightMm > 0 ? tank.heightMm : null;
  let previous: ThresholdField | null = null;
  for (const field of OIL_CHAIN) {
    const value = tank[field];
    if (!isNumber(value)) continue;
    const below = previous ? (tank[previous] as number) : null;
    if (previous && below !== null && value <= below) problems[field] = { key: 'settingsMore.threshold.mustExceed', than: previous };
    else if (height !== null && value > height) problems[field] = { key: 'settingsMore.threshold.atMostHeight' };
    previous = field;
  }
  const water = tank.highWaterAlarmMm;
  if (isNumber(water) && height !== null && water >= height) problems.highWaterAlarmMm = { key: 'settingsMore.threshold.belowHeight' };
  return problems;
}

export type StrappingField = 'heightMm' | 'volumeL';

export interface StrappingProblem {
  index: number;
  field: StrappingField;
  key: MessageKey;
}

const ONE_DECIMAL = (value: number) => Math.abs(Math.round(value * 10) - value * 10) < 1e-6;

/**
 * The problems of a height-volume table against its tank: every point filled in, not
 * negative, one decimal at most, heights and volumes strictly increasing, within the
 * tank's height and volume.
 */
export function strappingProblems(points: readonly (StrappingDraft | null | undefined)[], heightMm?: number | null, volumeL?: number | null): StrappingProblem[] {
  const problems: StrappingProblem[] = [];
  let lastHeight: number | null = null;
  let lastVolume: number | null = null;
  points.forEach((point, index) => {
    for (const field of ['heightMm', 'volumeL'] as const) {
      const value = point?.[field];
      const limit = field === 'heightMm' ? heightMm : volumeL;
      const last = field === 'heightMm' ? lastHeight : lastVolume;
      let key: MessageKey | null = null;
      if (!isNumber(value)) key = 'settingsMore.strapping.required';
      else if (value < 0) key = 'settingsMore.strapping.negative';
      else if (!ONE_DECIMAL(value)) key = 'settingsMore.strapping.oneDecimal';
      else if (last !== null && value <= last) key = field === 'heightMm' ? 'settingsMore.strapping.heightIncreasing' : 'settingsMore.strapping.volumeIncreasing';
      else if (isNumber(limit) && limit > 0 && value > limit) key = field === 'heightMm' ? 'settingsMore.strapping.heightOverTank' : 'settingsMore.strapping.volumeOverTank';
      if (key) problems.push({ index, field, key });
      if (isNumber(value)) {
        if (field === 'heightMm') lastHeight = value;
        else lastVolume = value;
      }
    }
  });
  return problems;
}

/** A clean copy of a table for saving: points sorted by height (the editor keeps the user's order). */
export function sortedPoints(points: readonly StrappingDraft[]): { heightMm: number; volumeL: number }[] {
  return points
    .filter((p) => isNumber(p.heightMm) && isNumber(p.volumeL))
    .map((p) => ({ heightMm: p.heightMm as number, volumeL: p.volumeL as number }))
    .sort((a, b) => a.heightMm - b.heightMm);
}
