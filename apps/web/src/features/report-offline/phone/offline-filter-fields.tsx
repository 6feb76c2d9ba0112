import { useTranslation } from 'react-i18next';
import { OFFLINE_TYPES, type OfflineType } from '@ullage/domain/offline-processing';
import { AreaSelect } from '../../../components/report-filters/area-select';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { withOrgPick, withRange, type OfflineFilters } from '../offline-filters-state';
import { offlineTypeLabel } from '../offline-types';
import { ChipGroup } from '../../../components/phone-report/chip-group';
import { DateRangeFields } from '../../../components/phone-report/date-range-fields';

export interface OfflineFilterFieldsProps {
  filters: OfflineFilters;
  onChange: (next: (filters: OfflineFilters) => OfflineFilters) => void;
}

/** The fields of the desktop offline filter bar, stacked for a phone: organisation, area, processed or not, type, range. */
export function OfflineFilterFields({ filters, onChange: set }: OfflineFilterFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <label className="m-field">
        <span>{t('list.filter.organisation')}</span>
        <OrgTreeSelect value={filters} onChange={(pick) => set((f) => withOrgPick(f, pick))} testId="offline-filter-org" />
      </label>
      <label className="m-field">
        <span>{t('reportFilter.area')}</span>
        <AreaSelect value={filters.areaId} onChange={(areaId) => set((f) => ({ ...f, areaId }))} org={filters} testId="offline-filter-area" />
      </label>
      <ChipGroup
        label={t('report.offline.filter.processed')}
        value={filters.processed}
        onChange={(processed) => set((f) => ({ ...f, processed }))}
        options={[
          { value: undefined, label: t('mobile.filter.all') },
          { value: 'no', label: t('report.offline.processed.no') },
          { value: 'yes', label: t('report.offline.processed.yes') },
        ]}
        testId="offline-filter-processed"
      />
      <ChipGroup<OfflineType>
        label={t('report.offline.filter.type')}
        value={filters.type}
        onChange={(type) => set((f) => ({ ...f, type }))}
        options={[{ value: undefined, label: t('mobile.filter.all') }, ...OFFLINE_TYPES.map((type) => ({ value: type, label: offlineTypeLabel(t, type) }))]}
        testId="offline-filter-type"
      />
      <DateRangeFields label={t('reportFilter.range')} from={filters.from} to={filters.to} onChange={(range) => set((f) => withRange(f, range))} />
    </>
  );
}
