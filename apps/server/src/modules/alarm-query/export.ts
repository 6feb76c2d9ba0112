import type { AlarmRow } from '@ullage/contracts/alarms';
import type { MessageKey } from '../../i18n/en';
import type { Translate } from '../../i18n/translate';
import { excelTime, xlsxOf, type SheetColumn, type SheetRows } from '../../lib/xlsx';
import { stationClock } from '@ullage/domain/station-clock';

/** A code outside the catalogue (a device newer than this server) is shown as its number. */
export function alarmName(t: Translate, kind: AlarmRow['kind'], code: number): string {
  try {
    return t(`alarm.code.${kind}.${code}` as MessageKey);
  } catch {
    return String(code);
  }
}

/** The alarm list as a workbook; times in each station's own zone, as on the page. */
export async function alarmWorkbook(t: Translate, kind: AlarmRow['kind'], rows: SheetRows<AlarmRow>) {
  const at = (iso: string | null, row: AlarmRow) => excelTime(iso, row.timezone);
  const target: SheetColumn<AlarmRow>[] =
    kind === 'level'
      ? [
          { header: t('field.tank'), value: (r) => r.tankCode },
          { header: t('field.oil'), value: (r) => r.productName },
        ]
      : [
          { header: t('field.sensorNo'), value: (r) => r.sensorNo },
          { header: t('field.sensorType'), width: 18, value: (r) => (r.sensorType ? safe(t, `alarm.sensorType.${r.sensorType}`) : '') },
        ];
  const columns: SheetColumn<AlarmRow>[] = [
    { header: t('field.stationName'), width: 26, value: (r) => r.stationName },
    { header: t('field.entityCode'), value: (r) => r.stationCode },
    { header: t('field.companyName'), width: 24, value: (r) => r.companyName },
    ...target,
    { header: t('field.alarmCode'), value: (r) => r.code },
    { header: t('field.alarmName'), width: 26, value: (r) => alarmName(t, r.kind, r.code) },
    { header: t('field.alarmSource'), value: (r) => t(`alarm.source.${r.source === 'server' ? 'server' : 'device'}`) },
    { header: t('field.startedAt'), width: 20, value: (r) => at(r.startedAt, r) },
    { header: t('field.endedAt'), width: 20, value: (r) => at(r.endedAt, r) },
    // The zone by name and by its offset when the alarm started: one sheet mixes stations of several zones.
    { header: t('field.timezone'), width: 26, value: (r) => `${r.timezone} (${stationClock(r.startedAt, r.timezone)?.zone ?? ''})` },
    { header: t('field.processed'), value: (r) => t(r.processed ? 'common.yes' : 'common.no') },
    { header: t('field.processedBy'), value: (r) => r.processedByName },
    { header: t('field.processedAt'), width: 20, value: (r) => at(r.processedAt, r) },
    { header: t('field.note'), width: 40, value: (r) => r.note },
  ];
  const name = t(kind === 'level' ? 'export.sheet.levelAlarms' : 'export.sheet.leakAlarms');
  return { name, body: await xlsxOf(name, columns, rows, t.language) };
}

function safe(t: Translate, key: string): string {
  try {
    return t(key as MessageKey);
  } catch {
    return key.split('.').pop() ?? '';
  }
}
