import type { TFunction } from 'i18next';
import type { DataJumpRow } from '@ullage/contracts/data-jumps';
import { JUMP_LIMITS, jumpFigures, temperatureDifferenceFromC, type JumpRule } from '@ullage/domain/data-jumps';
import type { MonitorFormat } from '../../lib/format';

/** The message-key segment of each rule. */
const RULE_KEY = {
  temperature: 'temperature',
  height: 'height',
  'volume-without-height': 'volumeWithoutHeight',
  'volume-to-zero': 'volumeToZero',
} as const satisfies Record<JumpRule, string>;

/** Tag colours: temperature warm, height blue, the two volume rules purple and red. */
export const RULE_COLOR: Record<JumpRule, string> = {
  temperature: 'orange',
  height: 'blue',
  'volume-without-height': 'purple',
  'volume-to-zero': 'red',
};

/** Which of the reading's values each rule watches: those are marked in the row. */
export const WATCHED: Record<JumpRule, readonly ('height' | 'temperature' | 'volume')[]> = {
  temperature: ['temperature'],
  height: ['height'],
  'volume-without-height': ['height', 'volume'],
  'volume-to-zero': ['height', 'volume'],
};

export function jumpRuleLabel(t: TFunction, rule: JumpRule): string {
  return t(`report.jumps.rule.${RULE_KEY[rule]}`);
}

/** A temperature step in the company's unit (3 °C is 5.4 °F: no 32° offset for a difference). */
function temperatureStep(locale: string, differenceC: number, tempUnit: number | null): string {
  const unit = tempUnit === 1 || tempUnit == null ? 'celsius' : 'fahrenheit';
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(temperatureDifferenceFromC(differenceC, tempUnit));
}

/**
 * The rule broken, in words and the company's units, with the figures that break it: "Temperature
 * changed by 4.5°C, more than 3°C".
 */
export function jumpExplanation(t: TFunction, format: MonitorFormat, row: DataJumpRow): string {
  const explanation = ruleExplanation(t, format, row);
  // A spike that came back at the next reading is one event (review item 14).
  return row.back ? t('report.jumps.explain.spike', { explanation }) : explanation;
}

function ruleExplanation(t: TFunction, format: MonitorFormat, row: DataJumpRow): string {
  const prev = { productHeightMm: row.prevProductHeightMm, temperatureC: row.prevTemperatureC, volumeL: row.prevVolumeL };
  const next = { productHeightMm: row.productHeightMm, temperatureC: row.temperatureC, volumeL: row.volumeL };
  const { change, limit, heightChange } = jumpFigures(row.rule, prev, next);
  switch (row.rule) {
    case 'temperature':
      return t('report.jumps.explain.temperature', { change: temperatureStep(format.locale, change, row.tempUnit), limit: temperatureStep(format.locale, limit, row.tempUnit) });
    case 'height':
      return t('report.jumps.explain.height', { change: format.height(change), limit: format.height(limit) });
    case 'volume-without-height':
      return t('report.jumps.explain.volumeWithoutHeight', {
        change: format.volume(change, row.volumeUnit),
        limit: format.volume(limit, row.volumeUnit),
        height: format.height(heightChange),
        heightLimit: format.height(JUMP_LIMITS.steadyHeightMm),
      });
    case 'volume-to-zero':
      return t('report.jumps.explain.volumeToZero', { from: format.volume(row.prevVolumeL, row.volumeUnit) });
  }
}
