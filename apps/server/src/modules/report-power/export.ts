import type { PowerEventRow, PowerTankChange } from '@ullage/contracts/power-events';
import { isCelsius, isLitres, temperatureFromC, volumeFromLitres } from '@ullage/domain/units';
import type { Translate } from '../../i18n/translate';
import { excelTime, xlsxOf, type SheetColumn } from '../../lib/xlsx';

const round = (n: number | null | undefined, digits: number) => (n == null ? null : Number(n.toFixed(digits)));

/** One line per tank of each power-off: what the sheet's reader compares. */
interface Line {
  event: PowerEventRow;
  tank: PowerTankChange | null;
}

const STATE_KEYS = { paired: 'power.state.paired', pending: 'power.state.pending', missing: 'power.state.missing' } as const;

/**
 * The power-off records as a workbook, one line per tank, in the caller's language and each
 * company's units (the units are columns: one export may span companies that read gallons and
 * litres); times in each station's own zone, as on the page.
 */
export async function powerEventWorkbook(t: Translate, rows: PowerEventRow[], toleranceL: number) {
  const lines = rows.flatMap((event): Line[] => (event.tanks.length > 0 ? event.tanks.map((tank) => ({ event, tank })) : [{ event, tank: null }]));
  const volume = (litres: number | null | undefined, l: Line) => (litres == null ? null : round(volumeFromLitres(litres, l.event.volumeUnit), 1));
  const temperature = (c: number | null | undefined, l: Line) => (c == null ? null : round(temperatureFromC(c, l.event.tempUnit), 1));
  const columns: SheetColumn<Line>[] = [
    { header: t('field.stationName'), width: 26, value: (l) => l.event.stationName },
    { header: t('field.entityCode'), value: (l) => l.event.stationCode },
    { header: t('field.companyName'), width: 22, value: (l) => l.event.companyName },
    { header: t('field.area'), value: (l) => l.event.areaName },
    { header: t('power.export.offAt'), width: 20, value: (l) => excelTime(l.event.offAt, l.event.timezone) },
    { header: t('power.export.onAt'), width: 20, value: (l) => (l.event.onAt ? excelTime(l.event.onAt, l.event.timezone) : t(STATE_KEYS[l.event.state])) },
    { header: t('power.export.minutesOff'), value: (l) => (l.event.durationS === null ? null : round(l.event.durationS / 60, 1)) },
    { header: t('field.timezone'), width: 20, value: (l) => l.event.timezone },
    { header: t('field.tank'), value: (l) => l.tank?.tankCode },
    { header: t('field.oil'), value: (l) => l.tank?.productName },
    { header: t('delivery.export.volumeUnit'), value: (l) => t(isLitres(l.event.volumeUnit) ? 'unit.litres' : 'unit.gallons') },
    { header: t('power.export.volumeOff'), value: (l) => volume(l.tank?.off?.volumeL, l) },
    { header: t('power.export.volumeOn'), value: (l) => volume(l.tank?.on?.volumeL, l) },
    { header: t('power.export.volumeDifference'), value: (l) => volume(l.tank?.volumeDifferenceL, l) },
    { header: t('power.export.tolerance'), value: (l) => round(volumeFromLitres(toleranceL, l.event.volumeUnit), 1) },
    { header: t('power.export.flagged'), value: (l) => (l.tank ? t(l.tank.flagged ? 'common.yes' : 'common.no') : null) },
    { header: t('power.export.heightOff'), value: (l) => round(l.tank?.off?.productHeightMm, 1) },
    { header: t('power.export.heightOn'), value: (l) => round(l.tank?.on?.productHeightMm, 1) },
    { header: t('power.export.heightDifference'), value: (l) => round(l.tank?.heightDifferenceMm, 1) },
    { header: t('power.export.waterOff'), value: (l) => round(l.tank?.off?.waterHeightMm, 1) },
    { header: t('power.export.waterOn'), value: (l) => round(l.tank?.on?.waterHeightMm, 1) },
    { header: t('delivery.export.temperatureUnit'), value: (l) => (isCelsius(l.event.tempUnit) ? '°C' : '°F') },
    { header: t('power.export.temperatureOff'), value: (l) => temperature(l.tank?.off?.temperatureC, l) },
    { header: t('power.export.temperatureOn'), value: (l) => temperature(l.tank?.on?.temperatureC, l) },
  ];
  const name = t('export.sheet.powerEvents');
  return { name, body: await xlsxOf(name, columns, lines, t.language) };
}
