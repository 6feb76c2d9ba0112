import type { DataJumpRow } from '@ullage/contracts/data-jumps';
import { jumpFigures, temperatureDifferenceFromC, type JumpRule } from '@ullage/domain/data-jumps';
import { isCelsius, isLitres, temperatureFromC, volumeFromLitres } from '@ullage/domain/units';
import type { MessageKey } from '../../i18n/en';
import type { Translate } from '../../i18n/translate';
import { excelTime, xlsxOf, type SheetColumn } from '../../lib/xlsx';

/** The message-key segment of each rule (`jump.rule.<segment>`, `jump.explain.<segment>`). */
const RULE_KEY: Record<JumpRule, string> = {
  temperature: 'temperature',
  height: 'height',
  'volume-without-height': 'volumeWithoutHeight',
  'volume-to-zero': 'volumeToZero',
};

const round = (n: number, digits: number) => Number(n.toFixed(digits));

export function jumpRuleName(t: Translate, rule: JumpRule): string {
  return t(`jump.rule.${RULE_KEY[rule]}` as MessageKey);
}

/**
 * The rule broken, in words and in the company's units: "Temperature changed by 4.5 °C, more
 * than 3 °C". Heights are millimetres for everyone (the units of spec §9 are volume and
 * temperature).
 */
export function jumpExplanation(t: Translate, row: DataJumpRow): string {
  const prev = { productHeightMm: row.prevProductHeightMm, temperatureC: row.prevTemperatureC, volumeL: row.prevVolumeL };
  const next = { productHeightMm: row.productHeightMm, temperatureC: row.temperatureC, volumeL: row.volumeL };
  const { change, limit, heightChange } = jumpFigures(row.rule, prev, next);
  const degrees = (c: number) => `${round(temperatureDifferenceFromC(c, row.tempUnit), 1)} ${isCelsius(row.tempUnit) ? '°C' : '°F'}`;
  const volume = (l: number) => `${round(volumeFromLitres(l, row.volumeUnit), 1)} ${isLitres(row.volumeUnit) ? 'L' : 'gal'}`;
  const mm = (n: number) => `${round(n, 1)} mm`;
  const key = `jump.explain.${RULE_KEY[row.rule]}` as MessageKey;
  const explanation = (() => {
    switch (row.rule) {
      case 'temperature':
        return t(key, { change: degrees(change), limit: degrees(limit) });
      case 'height':
        return t(key, { change: mm(change), limit: mm(limit) });
      case 'volume-without-height':
        return t(key, { change: volume(change), limit: volume(limit), height: mm(heightChange), heightLimit: mm(5) });
      case 'volume-to-zero':
        return t(key, { from: volume(row.prevVolumeL) });
    }
  })();
  return row.back ? t('jump.explain.spike', { explanation }) : explanation;
}

/**
 * The data jumps as a workbook, in the caller's language and each company's units (the unit
 * is a column, since one export may span companies that read gallons and litres); times in
 * each station's own zone, as on the page.
 */
export async function dataJumpWorkbook(t: Translate, rows: DataJumpRow[]) {
  const volume = (litres: number, r: DataJumpRow) => round(volumeFromLitres(litres, r.volumeUnit), 1);
  const temperature = (c: number, r: DataJumpRow) => round(temperatureFromC(c, r.tempUnit), 1);
  const columns: SheetColumn<DataJumpRow>[] = [
    { header: t('field.stationName'), width: 26, value: (r) => r.stationName },
    { header: t('field.entityCode'), value: (r) => r.stationCode },
    { header: t('field.companyName'), width: 24, value: (r) => r.companyName },
    { header: t('field.tank'), value: (r) => r.tankCode },
    { header: t('field.oil'), value: (r) => r.productName },
    { header: t('field.jumpRule'), width: 26, value: (r) => jumpRuleName(t, r.rule) },
    { header: t('jump.export.explanation'), width: 60, value: (r) => jumpExplanation(t, r) },
    { header: t('jump.export.prevTs'), width: 20, value: (r) => excelTime(r.prevTs, r.timezone) },
    { header: t('jump.export.ts'), width: 20, value: (r) => excelTime(r.ts, r.timezone) },
    { header: t('field.timezone'), width: 20, value: (r) => r.timezone },
    { header: t('jump.export.prevHeight'), value: (r) => round(r.prevProductHeightMm, 1) },
    { header: t('jump.export.height'), value: (r) => round(r.productHeightMm, 1) },
    { header: t('jump.export.temperatureUnit'), value: (r) => (isCelsius(r.tempUnit) ? '°C' : '°F') },
    { header: t('jump.export.prevTemperature'), value: (r) => temperature(r.prevTemperatureC, r) },
    { header: t('jump.export.temperature'), value: (r) => temperature(r.temperatureC, r) },
    { header: t('jump.export.volumeUnit'), value: (r) => t(isLitres(r.volumeUnit) ? 'unit.litres' : 'unit.gallons') },
    { header: t('jump.export.prevVolume'), value: (r) => volume(r.prevVolumeL, r) },
    { header: t('jump.export.volume'), value: (r) => volume(r.volumeL, r) },
    // A spike: the reading that came back (review item 14); empty for a jump that stayed.
    { header: t('jump.export.backTs'), width: 20, value: (r) => (r.back ? excelTime(r.back.ts, r.timezone) : null) },
    { header: t('jump.export.backHeight'), value: (r) => (r.back ? round(r.back.productHeightMm, 1) : null) },
    { header: t('jump.export.backTemperature'), value: (r) => (r.back ? temperature(r.back.temperatureC, r) : null) },
    { header: t('jump.export.backVolume'), value: (r) => (r.back ? volume(r.back.volumeL, r) : null) },
  ];
  const name = t('export.sheet.dataJumps');
  return { name, body: await xlsxOf(name, columns, rows, t.language) };
}
