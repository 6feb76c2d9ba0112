import type { SalesDetail, SalesReadingRow, ShiftSalesRow, ShiftSalesTotals, ShiftTankFigures } from '@ullage/contracts/shift-sales';
import { isCelsius, isLitres, temperatureFromC, volumeFromLitres } from '@ullage/domain/units';
import type { Translate } from '../../i18n/translate';
import { excelDay, excelTime, sheetOf as sheet, workbookOf, type CellValue, type SheetColumn } from '../../lib/xlsx';

const round = (n: number | null, digits: number) => (n === null ? null : Number(n.toFixed(digits)));
const volumeIn = (litres: number | null, unit: number | null) => (litres === null ? null : round(volumeFromLitres(litres, unit), 1));
const unitName = (t: Translate, unit: number | null) => t(isLitres(unit) ? 'unit.litres' : 'unit.gallons');

type TankLine = ShiftTankFigures & { shift: ShiftSalesRow };

/** Why a figure is unknown or provisional, in words. */
function flagsOf(t: Translate, line: { missingStart: boolean; missingEnd: boolean }, inProgress: boolean): string {
  const flags: string[] = [];
  if (line.missingStart) flags.push(t('shiftSales.flag.missingStart'));
  if (inProgress) flags.push(t('shiftSales.flag.inProgress'));
  else if (line.missingEnd) flags.push(t('shiftSales.flag.missingEnd'));
  return flags.join(t('text.listSeparator'));
}

/**
 * Sales per shift as a workbook in the caller's language and each company's units: one line
 * per shift and tank, the shifts' totals across their tanks, and the totals per product. Times
 * are each station's own.
 */
export async function shiftSalesWorkbook(t: Translate, rows: ShiftSalesRow[], totals: ShiftSalesTotals) {
  const time = (value: string | null, timezone: string) => excelTime(value, timezone);
  const shiftColumns = <T extends { shift: ShiftSalesRow }>(): SheetColumn<T>[] => [
    { header: t('field.stationName'), width: 26, value: (r) => r.shift.stationName },
    { header: t('field.entityCode'), value: (r) => r.shift.stationCode },
    { header: t('field.companyName'), width: 24, value: (r) => r.shift.companyName },
    { header: t('field.shiftDay'), value: (r) => excelDay(r.shift.day) },
    { header: t('field.shifts'), width: 16, value: (r) => r.shift.shiftName },
    { header: t('shiftSales.export.startsAt'), width: 20, value: (r) => time(r.shift.startsAt, r.shift.timezone) },
    { header: t('shiftSales.export.endsAt'), width: 20, value: (r) => time(r.shift.endsAt, r.shift.timezone) },
    { header: t('field.timezone'), width: 20, value: (r) => r.shift.timezone },
    { header: t('shiftSales.export.volumeUnit'), value: (r) => unitName(t, r.shift.volumeUnit) },
  ];
  const lines: TankLine[] = rows.flatMap((shift) => shift.tanks.map((tank) => ({ ...tank, shift })));
  const tankSheet = sheet<TankLine>(
    t('export.sheet.shiftSales'),
    [
      ...shiftColumns<TankLine>(),
      { header: t('field.tank'), value: (r) => r.tankCode },
      { header: t('field.oil'), width: 16, value: (r) => r.productName },
      { header: t('shiftSales.export.startReadingAt'), width: 20, value: (r) => time(r.startReadingAt, r.shift.timezone) },
      { header: t('shiftSales.export.startVolume'), value: (r) => volumeIn(r.startVolumeL, r.shift.volumeUnit) },
      { header: t('shiftSales.export.endReadingAt'), width: 20, value: (r) => time(r.endReadingAt, r.shift.timezone) },
      { header: t('shiftSales.export.endVolume'), value: (r) => volumeIn(r.endVolumeL, r.shift.volumeUnit) },
      { header: t('shiftSales.export.deliveryCount'), value: (r) => r.deliveryCount },
      { header: t('shiftSales.export.delivered'), value: (r) => volumeIn(r.deliveredL, r.shift.volumeUnit) },
      { header: t('shiftSales.export.sales'), value: (r) => volumeIn(r.salesL, r.shift.volumeUnit) },
      { header: t('shiftSales.export.flags'), width: 30, value: (r) => flagsOf(t, r, r.shift.inProgress) },
    ],
    lines,
  );
  const totalSheet = sheet<{ shift: ShiftSalesRow }>(
    t('export.sheet.shiftTotals'),
    [
      ...shiftColumns<{ shift: ShiftSalesRow }>(),
      { header: t('shiftSales.export.tanks'), value: (r) => r.shift.tanks.length },
      { header: t('shiftSales.export.unknownTanks'), value: (r) => r.shift.unknownCount },
      { header: t('shiftSales.export.delivered'), value: (r) => volumeIn(r.shift.deliveredL, r.shift.volumeUnit) },
      { header: t('shiftSales.export.sales'), value: (r) => volumeIn(r.shift.salesL, r.shift.volumeUnit) },
      { header: t('shiftSales.export.flags'), width: 30, value: (r) => (r.shift.inProgress ? t('shiftSales.flag.inProgress') : '') },
    ],
    rows.map((shift) => ({ shift })),
  );
  const productSheet = sheet<ShiftSalesTotals['products'][number]>(
    t('export.sheet.productSales'),
    [
      { header: t('field.oil'), width: 20, value: (r) => r.productName },
      { header: t('shiftSales.export.volumeUnit'), value: () => unitName(t, totals.volumeUnit) },
      { header: t('shiftSales.export.delivered'), value: (r) => volumeIn(r.deliveredL, totals.volumeUnit) },
      { header: t('shiftSales.export.sales'), value: (r) => volumeIn(r.salesL, totals.volumeUnit) },
      { header: t('shiftSales.export.unknownFigures'), width: 22, value: (r) => r.unknownCount },
    ],
    totals.products,
  );
  const name = t('export.sheet.shiftSales');
  return { name, body: await workbookOf([tankSheet, totalSheet, productSheet], t.language) };
}

/**
 * The details of one figure: a summary that spells out the arithmetic, the deliveries counted,
 * and every reading of the shift with its change from the one before.
 */
export async function salesDetailWorkbook(t: Translate, detail: SalesDetail, readings: SalesReadingRow[]) {
  const tz = detail.station.timezone;
  const unit = detail.station.volumeUnit;
  const time = (value: string | null | undefined) => excelTime(value, tz);
  const volume = (litres: number | null | undefined) => volumeIn(litres ?? null, unit);
  const summary: [string, CellValue][] = [
    [t('field.stationName'), `${detail.station.name} (${detail.station.code})`],
    [t('field.tank'), detail.tank.productName ? `${detail.tank.code} · ${detail.tank.productName}` : detail.tank.code],
    [t('field.shiftDay'), excelDay(detail.shift.day)],
    [t('field.shifts'), `${detail.shift.name} (${detail.shift.start})`],
    [t('shiftSales.export.startsAt'), time(detail.shift.startsAt)],
    [t('shiftSales.export.endsAt'), time(detail.shift.endsAt)],
    [t('field.timezone'), tz],
    [t('shiftSales.export.volumeUnit'), unitName(t, unit)],
    [t('shiftSales.export.startReadingAt'), time(detail.startReading?.ts) ?? t('shiftSales.flag.missingStart')],
    [t('shiftSales.export.startVolume'), volume(detail.startReading?.volumeL)],
    [t('shiftSales.export.endReadingAt'), time(detail.endReading?.ts) ?? t(detail.shift.inProgress ? 'shiftSales.flag.inProgress' : 'shiftSales.flag.missingEnd')],
    [t('shiftSales.export.endVolume'), volume(detail.endReading?.volumeL)],
    [t('shiftSales.export.deliveryCount'), detail.deliveries.length],
    [t('shiftSales.export.delivered'), volume(detail.deliveredL)],
    [t('shiftSales.export.sales'), volume(detail.salesL)],
    [t('shiftSales.export.formula'), t('shiftSales.formula')],
  ];
  const summarySheet = sheet<[string, CellValue]>(
    t('export.sheet.salesDetail'),
    [
      { header: t('shiftSales.export.item'), width: 28, value: (r) => r[0] },
      { header: t('shiftSales.export.value'), width: 36, value: (r) => r[1] },
    ],
    summary,
  );
  const deliverySheet = sheet<SalesDetail['deliveries'][number]>(
    t('export.sheet.shiftDeliveries'),
    [
      { header: t('shiftSales.export.deliveryStartedAt'), width: 20, value: (r) => time(r.startedAt) },
      { header: t('shiftSales.export.deliveryEndedAt'), width: 20, value: (r) => time(r.endedAt) },
      { header: t('shiftSales.export.source'), width: 24, value: (r) => t(r.source === 'device' ? 'delivery.source.device' : 'delivery.source.detected') },
      { header: t('shiftSales.export.startVolume'), value: (r) => volume(r.startVolumeL) },
      { header: t('shiftSales.export.endVolume'), value: (r) => volume(r.endVolumeL) },
      { header: t('shiftSales.export.delivered'), value: (r) => volume(r.deliveredL) },
    ],
    detail.deliveries,
  );
  const celsius = isCelsius(detail.station.tempUnit);
  const readingSheet = sheet<SalesReadingRow>(
    t('export.sheet.shiftReadings'),
    [
      { header: t('shiftSales.export.readingAt'), width: 20, value: (r) => time(r.ts) },
      { header: t('shiftSales.export.role'), width: 18, value: (r) => (r.role ? t(`shiftSales.role.${r.role}`) : r.inDelivery ? t('shiftSales.role.delivery') : '') },
      { header: t('shiftSales.export.volume'), value: (r) => volume(r.volumeL) },
      { header: t('shiftSales.export.change'), value: (r) => volume(r.changeL) },
      { header: t('shiftSales.export.tcVolume'), value: (r) => volume(r.tcVolumeL) },
      { header: t('shiftSales.export.height'), value: (r) => round(r.productHeightMm, 1) },
      { header: t('shiftSales.export.water'), value: (r) => round(r.waterHeightMm, 1) },
      { header: `${t('shiftSales.export.temperature')} (${celsius ? '°C' : '°F'})`, value: (r) => round(temperatureFromC(r.temperatureC, detail.station.tempUnit), 1) },
    ],
    readings,
  );
  const name = t('export.sheet.salesDetail');
  return { name, body: await workbookOf([summarySheet, deliverySheet, readingSheet], t.language) };
}
