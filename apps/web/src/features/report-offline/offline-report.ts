import type { OfflineRow } from '@ullage/contracts/offline-records';
import { OFFLINE_TYPES } from '@ullage/domain/offline-processing';
import type { ReportDeclaration } from '../../components/report/report-declaration';
import { exportOfflineRecords, listOfflineRecords, offlineKeys } from './api/offline-records';
import { initialOfflineFilters, withOrgPick, type OfflineFilters } from './offline-filters-state';
import { offlineTypeLabel } from './offline-types';

/** offline_record and offline_record_phone: organisation tree, area, processed or not, type, time range. */
export const OFFLINE_REPORT: ReportDeclaration<OfflineFilters, OfflineRow> = {
  filters: [
    { kind: 'org', testId: 'offline-filter-org', pick: withOrgPick },
    { kind: 'area', testId: 'offline-filter-area' },
    {
      kind: 'choice',
      key: 'processed',
      label: (t) => t('report.offline.filter.processed'),
      options: (t) => [
        { value: 'no', label: t('report.offline.processed.no') },
        { value: 'yes', label: t('report.offline.processed.yes') },
      ],
      testId: 'offline-filter-processed',
    },
    {
      kind: 'choice',
      key: 'type',
      label: (t) => t('report.offline.filter.type'),
      options: (t) => OFFLINE_TYPES.map((type) => ({ value: type, label: offlineTypeLabel(t, type) })),
      testId: 'offline-filter-type',
      widePopup: true,
    },
    { kind: 'timeRange', testId: 'offline-filter-range' },
  ],
  initialFilters: initialOfflineFilters,
  list: { key: offlineKeys.list, fetch: listOfflineRecords },
  export: exportOfflineRecords,
  search: { placeholder: 'report.offline.search', testId: 'offline-search' },
};
