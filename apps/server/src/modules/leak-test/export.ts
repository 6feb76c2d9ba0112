import type { LeakTestRow } from '@ullage/contracts/leak-test';
import { isLitres, volumeFromLitres } from '@ullage/domain/units';
import type { MessageKey } from '../../i18n/en';
import type { Translate } from '../../i18n/translate';
import { excelDay, excelTime, xlsxOf, type SheetColumn } from '../../lib/xlsx';

const round = (n: number | null, digits: number) => (n === null ? null : Number(n.toFixed(digits)));

/**
 * The leak tests as a workbook, in the caller's language; rates in each company's volume unit
 * per hour (the unit is a column: one export may span companies that read gallons and litres),
 * windows in each station's own zone, as on the page.
 */
export async function leakTestWorkbook(t: Translate, rows: LeakTestRow[]) {
  const rate = (lph: number | null, r: LeakTestRow) => round(lph === null ? null : volumeFromLitres(lph, r.volumeUnit), 3);
  const columns: SheetColumn<LeakTestRow>[] = [
    { header: t('field.stationName'), width: 26, value: (r) => r.stationName },
    { header: t('field.entityCode'), value: (r) => r.stationCode },
    { header: t('field.companyName'), width: 24, value: (r) => r.companyName },
    { header: t('field.tank'), value: (r) => r.tankCode },
    { header: t('field.oil'), value: (r) => r.productName },
    { header: t('leakTest.export.day'), width: 12, value: (r) => excelDay(r.day) },
    { header: t('leakTest.export.periodStart'), width: 20, value: (r) => excelTime(r.periodStart, r.timezone) },
    { header: t('leakTest.export.periodEnd'), width: 20, value: (r) => excelTime(r.periodEnd, r.timezone) },
    { header: t('field.timezone'), width: 20, value: (r) => r.timezone },
    { header: t('leakTest.field.result'), width: 14, value: (r) => t(`leakTest.result.${r.result}` as MessageKey) },
    { header: t('leakTest.export.reason'), width: 36, value: (r) => t(`leakTest.reason.${r.reason}` as MessageKey) },
    { header: t('leakTest.export.rateUnit'), value: (r) => t(isLitres(r.volumeUnit) ? 'leakTest.unit.lph' : 'leakTest.unit.gph') },
    { header: t('leakTest.export.leakRate'), value: (r) => rate(r.leakRateLph, r) },
    { header: t('leakTest.export.threshold'), value: (r) => rate(r.thresholdLph, r) },
    { header: t('leakTest.export.mdl'), value: (r) => rate(r.mdlLph, r) },
    { header: t('leakTest.export.quietHours'), value: (r) => round(r.quietHours, 1) },
    { header: t('leakTest.export.quietPeriods'), value: (r) => r.quietPeriods },
  ];
  const name = t('leakTest.export.sheet');
  return { name, body: await xlsxOf(name, columns, rows, t.language) };
}
