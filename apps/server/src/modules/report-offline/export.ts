import type { OfflineRow } from '@ullage/contracts/offline-records';
import type { OfflineType } from '@ullage/domain/offline-processing';
import type { MessageKey } from '../../i18n/en';
import type { Translate } from '../../i18n/translate';
import { excelTime, xlsxOf, type SheetColumn } from '../../lib/xlsx';

const TYPE_KEY: Record<OfflineType, MessageKey> = {
  shutdown: 'offline.type.shutdown',
  'atg-fault': 'offline.type.atgFault',
  human: 'offline.type.human',
  other: 'offline.type.other',
};

export function offlineTypeName(t: Translate, type: OfflineType): string {
  return t(TYPE_KEY[type]);
}

/** "1 d 2 h 5 min", "2 h 5 min", "45 min": whole minutes, as on the page. */
export function offlineDuration(t: Translate, seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return t('offline.duration.days', { days, hours, minutes: minutes % 60 });
  if (hours > 0) return t('offline.duration.hours', { hours, minutes: minutes % 60 });
  return t('offline.duration.minutes', { minutes });
}

/** The offline records as a workbook, in the caller's language; times in each station's own zone. */
export async function offlineWorkbook(t: Translate, rows: OfflineRow[]) {
  const at = (iso: string | null, row: OfflineRow) => excelTime(iso, row.timezone);
  const columns: SheetColumn<OfflineRow>[] = [
    { header: t('field.stationName'), width: 26, value: (r) => r.stationName },
    { header: t('field.entityCode'), value: (r) => r.stationCode },
    { header: t('field.companyName'), width: 24, value: (r) => r.companyName },
    { header: t('offline.export.startedAt'), width: 20, value: (r) => at(r.startedAt, r) },
    { header: t('offline.export.endedAt'), width: 20, value: (r) => (r.endedAt ? at(r.endedAt, r) : t('offline.ongoing')) },
    { header: t('field.timezone'), width: 20, value: (r) => r.timezone },
    { header: t('offline.export.duration'), width: 16, value: (r) => offlineDuration(t, r.durationSeconds) },
    { header: t('offline.export.durationMinutes'), value: (r) => Math.floor(r.durationSeconds / 60) },
    { header: t('field.offline.type'), width: 22, value: (r) => (r.type ? offlineTypeName(t, r.type) : '') },
    { header: t('field.offline.handler'), width: 18, value: (r) => r.handler },
    { header: t('field.offline.content'), width: 40, value: (r) => r.content },
    { header: t('field.processed'), value: (r) => t(r.processed ? 'common.yes' : 'common.no') },
    { header: t('field.processedAt'), width: 20, value: (r) => at(r.processedAt, r) },
    { header: t('offline.export.processedBy'), width: 18, value: (r) => r.processedByName },
  ];
  const name = t('export.sheet.offlineRecords');
  return { name, body: await xlsxOf(name, columns, rows, t.language) };
}
