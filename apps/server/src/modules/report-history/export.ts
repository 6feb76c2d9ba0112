import type { RecordType } from '@ullage/contracts/device';
import type { HistoryReading, HistoryTank } from '@ullage/contracts/history';
import { isCelsius, isLitres, temperatureFromC, volumeFromLitres } from '@ullage/domain/units';
import type { MessageKey } from '../../i18n/en';
import type { Translate } from '../../i18n/translate';
import { excelTime, xlsxOf, type SheetColumn } from '../../lib/xlsx';

const round = (n: number, digits: number) => Number(n.toFixed(digits));

/** Spec §3 inventory record types, as the interface names them. */
export const RECORD_TYPE_KEYS: Record<RecordType, MessageKey> = {
  hourly: 'history.recordType.hourly',
  shift: 'history.recordType.shift',
  interval: 'history.recordType.interval',
  start: 'history.recordType.start',
  end: 'history.recordType.end',
  single: 'history.recordType.single',
  'alarm-period': 'history.recordType.alarmPeriod',
};

/**
 * One tank's readings as a workbook, in the caller's language and the tank's company's units
 * (one tank, so one unit: it is in each header); times in the station's own zone, as on the page.
 */
export async function historyWorkbook(t: Translate, tank: HistoryTank, rows: HistoryReading[]) {
  const volumeUnit = t(isLitres(tank.volumeUnit) ? 'history.unit.litres' : 'history.unit.gallons');
  const tempUnit = isCelsius(tank.tempUnit) ? '°C' : '°F';
  // An unknown volume (a water volume without a table) is an empty cell, as in the other exports.
  const volume = (litres: number | null) => (litres === null ? null : round(volumeFromLitres(litres, tank.volumeUnit), 1));
  const columns: SheetColumn<HistoryReading>[] = [
    { header: t('field.stationName'), width: 24, value: () => tank.stationName },
    { header: t('field.tank'), value: () => (tank.productName ? `${tank.tankCode} · ${tank.productName}` : tank.tankCode) },
    { header: t('history.export.time'), width: 20, value: (r) => excelTime(r.ts, tank.timezone) },
    { header: t('history.export.type'), width: 16, value: (r) => (r.type ? t(RECORD_TYPE_KEYS[r.type]) : null) },
    { header: t('history.export.productHeight'), value: (r) => round(r.productHeightMm, 1) },
    { header: t('history.export.waterHeight'), value: (r) => round(r.waterHeightMm, 1) },
    { header: t('history.export.temperature', { unit: tempUnit }), value: (r) => round(temperatureFromC(r.temperatureC, tank.tempUnit), 1) },
    { header: t('history.export.volume', { unit: volumeUnit }), value: (r) => volume(r.volumeL) },
    { header: t('history.export.tcVolume', { unit: volumeUnit }), value: (r) => volume(r.tcVolumeL) },
    { header: t('history.export.waterVolume', { unit: volumeUnit }), value: (r) => volume(r.waterVolumeL) },
    { header: t('history.export.ullage', { unit: volumeUnit }), value: (r) => volume(r.ullageL) },
    { header: t('history.export.fill'), value: (r) => round(r.fillPct, 1) },
  ];
  const name = t('export.sheet.history');
  return { name: `${name} ${tank.stationCode}-${tank.tankCode}`, body: await xlsxOf(name, columns, rows, t.language) };
}
