import type { DailyInventoryRow, MonthlyInventoryRow } from '@ullage/contracts/inventory-report';
import { isCelsius, isLitres, temperatureFromC, volumeFromLitres } from '@ullage/domain/units';
import type { Translate } from '../../i18n/translate';
import { columnsOver, excelDay, excelTime, xlsxOf, type SheetColumn, type SheetRows } from '../../lib/xlsx';
import type { TankDayFigures } from '../tank-days/service';
import { dailyRowOf } from './daily-row';
import { stationTime } from '../alarm-feed/message';

const round = (n: number | null | undefined, digits: number) => (n == null ? null : Number(n.toFixed(digits)));
const volumeIn = (litres: number | null | undefined, unit: number | null) => (litres == null ? null : round(volumeFromLitres(litres, unit), 1));
const temperatureIn = (c: number | null | undefined, unit: number | null) => (c == null ? null : round(temperatureFromC(c, unit), 1));
const timeOfDay = (iso: string, tz: string) => stationTime(iso, tz).slice(11);

/** Why a day is abnormal, in words, with the times in the station's clock. */
export function dailyReasons(t: Translate, r: DailyInventoryRow): string {
  const reasons: string[] = [];
  if (r.inProgress) reasons.push(t('inventory.reason.inProgress'));
  if (r.firstReadingAt === null || r.lastReadingAt === null) {
    if (r.missingStart || r.missingEnd) reasons.push(t('inventory.reason.noReadings'));
  } else {
    if (r.missingStart) reasons.push(t('inventory.reason.missingStart', { time: timeOfDay(r.firstReadingAt, r.timezone) }));
    if (r.missingEnd) reasons.push(t('inventory.reason.missingEnd', { time: timeOfDay(r.lastReadingAt, r.timezone) }));
  }
  if (r.gapCount > 0) {
    const listed = r.gaps.map((g) => `${timeOfDay(g.from, r.timezone)}–${timeOfDay(g.to, r.timezone)}`).join(t('text.itemSeparator'));
    reasons.push(`${t('inventory.reason.gaps', { count: r.gapCount })}: ${listed}${r.gapCount > r.gaps.length ? `${t('text.itemSeparator')}…` : ''}`);
  }
  return reasons.join(t('text.listSeparator'));
}

/**
 * The daily report as a workbook, in the caller's language and each company's units (the unit
 * is a column, since one export may span companies that read gallons and litres); times in
 * each station's own clock. Each tank day's row is made as it is written (columnsOver).
 */
export async function dailyWorkbook(t: Translate, days: TankDayFigures[]) {
  const columns: SheetColumn<DailyInventoryRow>[] = [
    { header: t('inventory.export.day'), width: 12, value: (r) => excelDay(r.day) },
    { header: t('field.stationName'), width: 26, value: (r) => r.stationName },
    { header: t('field.entityCode'), value: (r) => r.stationCode },
    { header: t('field.companyName'), width: 24, value: (r) => r.companyName },
    { header: t('field.tank'), value: (r) => r.tankCode },
    { header: t('field.oil'), value: (r) => r.productName },
    { header: t('field.timezone'), width: 20, value: (r) => r.timezone },
    { header: t('inventory.export.volumeUnit'), value: (r) => t(isLitres(r.volumeUnit) ? 'unit.litres' : 'unit.gallons') },
    { header: t('inventory.export.startAt'), width: 20, value: (r) => excelTime(r.start?.at, r.timezone) },
    { header: t('inventory.export.startVolume'), value: (r) => volumeIn(r.start?.volumeL, r.volumeUnit) },
    { header: t('inventory.export.endAt'), width: 20, value: (r) => excelTime(r.end?.at, r.timezone) },
    { header: t('inventory.export.endVolume'), value: (r) => volumeIn(r.end?.volumeL, r.volumeUnit) },
    { header: t('inventory.export.deliveryCount'), value: (r) => r.deliveryCount },
    { header: t('inventory.export.delivered'), value: (r) => volumeIn(r.deliveredL, r.volumeUnit) },
    { header: t('inventory.export.sales'), value: (r) => volumeIn(r.salesL, r.volumeUnit) },
    { header: t('inventory.export.startHeight'), value: (r) => round(r.start?.heightMm, 1) },
    { header: t('inventory.export.endHeight'), value: (r) => round(r.end?.heightMm, 1) },
    { header: t('inventory.export.temperatureUnit'), value: (r) => (isCelsius(r.tempUnit) ? '°C' : '°F') },
    { header: t('inventory.export.startTemperature'), value: (r) => temperatureIn(r.start?.temperatureC, r.tempUnit) },
    { header: t('inventory.export.endTemperature'), value: (r) => temperatureIn(r.end?.temperatureC, r.tempUnit) },
    { header: t('inventory.export.status'), value: (r) => t(r.abnormal ? 'inventory.status.abnormal' : r.inProgress ? 'inventory.status.inProgress' : 'inventory.status.normal') },
    { header: t('inventory.export.reasons'), width: 60, value: (r) => dailyReasons(t, r) },
  ];
  const name = t('export.sheet.dailyInventory');
  return { name, body: await xlsxOf(name, columnsOver(columns, dailyRowOf), days, t.language) };
}

/**
 * The monthly report as a workbook, with the book closing and the variance spelled out: on the
 * sales gauged from the level, and on the metered sales where the pumps report (each named so).
 * The metered side may be figured a batch of rows at a time as they are written (inBatches).
 */
export async function monthlyWorkbook(t: Translate, rows: SheetRows<MonthlyInventoryRow>) {
  const columns: SheetColumn<MonthlyInventoryRow>[] = [
    { header: t('inventory.export.month'), width: 10, value: (r) => r.month },
    { header: t('field.stationName'), width: 26, value: (r) => r.stationName },
    { header: t('field.entityCode'), value: (r) => r.stationCode },
    { header: t('field.companyName'), width: 24, value: (r) => r.companyName },
    { header: t('field.tank'), value: (r) => r.tankCode },
    { header: t('field.oil'), value: (r) => r.productName },
    { header: t('inventory.export.volumeUnit'), value: (r) => t(isLitres(r.volumeUnit) ? 'unit.litres' : 'unit.gallons') },
    { header: t('inventory.export.days'), value: (r) => `${r.firstDay} – ${r.lastDay}` },
    // A month in progress counts its finished days only (issue 34 item 5).
    { header: t('inventory.export.finishedDays'), value: (r) => r.finishedDays },
    { header: t('inventory.export.opening'), value: (r) => volumeIn(r.openingL, r.volumeUnit) },
    { header: t('inventory.export.deliveryCount'), value: (r) => r.deliveryCount },
    { header: t('inventory.export.delivered'), value: (r) => volumeIn(r.deliveredL, r.volumeUnit) },
    { header: t('inventory.export.sales'), value: (r) => volumeIn(r.salesL, r.volumeUnit) },
    { header: t('inventory.export.unknownSalesDays'), value: (r) => r.unknownSalesDays },
    { header: t('inventory.export.bookClosing'), value: (r) => volumeIn(r.bookClosingL, r.volumeUnit) },
    { header: t('inventory.export.closing'), value: (r) => volumeIn(r.closingL, r.volumeUnit) },
    { header: t('inventory.export.variance'), value: (r) => volumeIn(r.varianceL, r.volumeUnit) },
    { header: t('inventory.export.abnormalDays'), value: (r) => r.abnormalDays },
    // Against the pumps' meters, where the station sends metered sales (issue 23).
    { header: t('reconciliation.export.source'), width: 16, value: (r) => t(`reconciliation.source.${r.salesSource}`) },
    { header: t('reconciliation.export.meteredSales'), value: (r) => volumeIn(r.metered?.salesL ?? null, r.volumeUnit) },
    { header: t('inventory.export.bookClosingMetered'), value: (r) => volumeIn(r.metered?.bookClosingL ?? null, r.volumeUnit) },
    { header: t('inventory.export.varianceMetered'), value: (r) => volumeIn(r.metered?.varianceL ?? null, r.volumeUnit) },
    { header: t('reconciliation.export.monthlyRule'), value: (r) => (r.metered ? t(`reconciliation.rule.${r.metered.result}`) : null) },
    { header: t('inventory.export.status'), value: (r) => t(r.inProgress ? 'inventory.status.monthInProgress' : 'inventory.status.monthEnded') },
    { header: t('inventory.export.formula'), width: 50, value: () => t('inventory.formula.variance') },
  ];
  const name = t('export.sheet.monthlyInventory');
  return { name, body: await xlsxOf(name, columns, rows, t.language) };
}
