import type { DeliveryRow } from '@ullage/contracts/delivery-report';
import { isCelsius, isLitres, temperatureFromC, volumeFromLitres } from '@ullage/domain/units';
import type { Translate } from '../../i18n/translate';
import { excelTime, xlsxOf, type SheetColumn, type SheetRows } from '../../lib/xlsx';

const round = (n: number | null, digits: number) => (n === null ? null : Number(n.toFixed(digits)));

/**
 * The delivery records as a workbook, in the caller's language and each company's units (the
 * unit is a column, since one export may span companies that read gallons and litres); times in
 * each station's own zone, as on the page.
 */
export async function deliveryWorkbook(t: Translate, rows: SheetRows<DeliveryRow>) {
  const volume = (litres: number | null, r: DeliveryRow) => (litres === null ? null : round(volumeFromLitres(litres, r.volumeUnit), 1));
  const temperature = (c: number | null, r: DeliveryRow) => (c === null ? null : round(temperatureFromC(c, r.tempUnit), 1));
  const columns: SheetColumn<DeliveryRow>[] = [
    { header: t('field.stationName'), width: 26, value: (r) => r.stationName },
    { header: t('field.entityCode'), value: (r) => r.stationCode },
    { header: t('field.companyName'), width: 24, value: (r) => r.companyName },
    { header: t('field.tank'), value: (r) => r.tankCode },
    { header: t('field.oil'), value: (r) => r.productName },
    { header: t('delivery.export.source'), value: (r) => t(r.source === 'device' ? 'delivery.source.device' : 'delivery.source.detected') },
    { header: t('field.deliveries.startedAt'), width: 20, value: (r) => excelTime(r.startedAt, r.timezone) },
    { header: t('field.deliveries.endedAt'), width: 20, value: (r) => (r.endedAt ? excelTime(r.endedAt, r.timezone) : t('delivery.inProgress')) },
    { header: t('field.timezone'), width: 20, value: (r) => r.timezone },
    { header: t('delivery.export.volumeUnit'), value: (r) => t(isLitres(r.volumeUnit) ? 'unit.litres' : 'unit.gallons') },
    { header: t('delivery.export.startVolume'), value: (r) => volume(r.startVolumeL, r) },
    { header: t('delivery.export.endVolume'), value: (r) => volume(r.endVolumeL, r) },
    { header: t('delivery.export.delivered'), value: (r) => volume(r.deliveredL, r) },
    // Delivered = the rise + what was sold during the drop, and where that comes from (issue 34).
    { header: t('delivery.export.rise'), value: (r) => volume(r.riseL, r) },
    { header: t('delivery.export.salesDuring'), value: (r) => volume(r.salesDuringL, r) },
    { header: t('delivery.export.salesDuringSource'), width: 14, value: (r) => (r.salesDuringSource === null ? null : t(`delivery.salesDuring.${r.salesDuringSource}`)) },
    { header: t('delivery.export.ticket'), value: (r) => volume(r.ticketVolumeL, r) },
    { header: t('delivery.export.ticketDiff'), value: (r) => volume(r.ticketDiffL, r) },
    { header: t('delivery.export.ticketDiffPct'), value: (r) => r.ticketDiffPct },
    { header: t('delivery.export.startTcVolume'), value: (r) => volume(r.startTcVolumeL, r) },
    { header: t('delivery.export.endTcVolume'), value: (r) => volume(r.endTcVolumeL, r) },
    { header: t('delivery.export.deliveredTc'), value: (r) => volume(r.deliveredTcL, r) },
    { header: t('delivery.export.startHeight'), value: (r) => round(r.startHeightMm, 1) },
    { header: t('delivery.export.endHeight'), value: (r) => round(r.endHeightMm, 1) },
    { header: t('delivery.export.startWater'), value: (r) => round(r.startWaterHeightMm, 1) },
    { header: t('delivery.export.endWater'), value: (r) => round(r.endWaterHeightMm, 1) },
    { header: t('delivery.export.temperatureUnit'), value: (r) => (isCelsius(r.tempUnit) ? '°C' : '°F') },
    { header: t('delivery.export.startTemperature'), value: (r) => temperature(r.startTemperatureC, r) },
    { header: t('delivery.export.endTemperature'), value: (r) => temperature(r.endTemperatureC, r) },
  ];
  const name = t('export.sheet.deliveries');
  return { name, body: await xlsxOf(name, columns, rows, t.language) };
}
