import { useTranslation } from 'react-i18next';
import { JUMP_RULES } from '@ullage/domain/data-jumps';
import { AreaSelect } from '../../../components/report-filters/area-select';
import { OrgTreeSelect } from '../../../components/report-filters/org-tree-select';
import { ProductSelect } from '../../../components/report-filters/product-select';
import { TankSelect } from '../../../components/report-filters/tank-select';
import { jumpRuleLabel } from '../jump-explanation';
import { withOrgPick, withRange, type JumpFilters } from '../jump-filters-state';
import { ChipGroup } from '../../../components/phone-report/chip-group';
import { DateRangeFields } from '../../../components/phone-report/date-range-fields';

export interface JumpFilterFieldsProps {
  filters: JumpFilters;
  onChange: (next: (filters: JumpFilters) => JumpFilters) => void;
}

type Rule = NonNullable<JumpFilters['rule']>;

/** The fields of the desktop data-jump filter bar, stacked for a phone: organisation, area, tank, product, rule, range. */
export function JumpFilterFields({ filters, onChange: set }: JumpFilterFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <label className="m-field">
        <span>{t('list.filter.organisation')}</span>
        <OrgTreeSelect value={filters} onChange={(pick) => set((f) => withOrgPick(f, pick))} testId="jump-filter-org" />
      </label>
      <label className="m-field">
        <span>{t('reportFilter.area')}</span>
        <AreaSelect value={filters.areaId} onChange={(areaId) => set((f) => ({ ...f, areaId }))} org={filters} testId="jump-filter-area" />
      </label>
      <label className="m-field">
        <span>{t('reportFilter.tank')}</span>
        <TankSelect stationId={filters.stationId} value={filters.tankId} onChange={(tankId) => set((f) => ({ ...f, tankId }))} testId="jump-filter-tank" />
      </label>
      <label className="m-field">
        <span>{t('reportFilter.product')}</span>
        <ProductSelect value={filters.productId} onChange={(productId) => set((f) => ({ ...f, productId }))} testId="jump-filter-product" />
      </label>
      <ChipGroup<Rule>
        label={t('report.jumps.filter.rule')}
        value={filters.rule}
        onChange={(rule) => set((f) => ({ ...f, rule }))}
        options={[{ value: undefined, label: t('mobile.filter.all') }, ...JUMP_RULES.map((rule) => ({ value: rule, label: jumpRuleLabel(t, rule) }))]}
        testId="jump-filter-rule"
      />
      <DateRangeFields label={t('reportFilter.range')} from={filters.from} to={filters.to} onChange={(range) => set((f) => withRange(f, range))} />
    </>
  );
}
