import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaSelect } from '../report-filters/area-select';
import type { FieldProps, FilterField, PlaceFilters } from '../report-filters/filter-fields';
import { OrgTreeSelect } from '../report-filters/org-tree-select';
import { ProductSelect } from '../report-filters/product-select';
import { TankSelect } from '../report-filters/tank-select';
import { withRange } from '../report-filters/time-range';
import { ChipGroup } from './chip-group';
import { DateRangeFields } from './date-range-fields';

export interface PhoneFilterFieldsProps<F extends PlaceFilters> extends FieldProps<F> {
  fields: readonly FilterField<F>[];
}

/** A report's declared filters (report-filters/filter-fields.ts) stacked for a phone's filter sheet, each with its label. */
export function PhoneFilterFields<F extends PlaceFilters>({ fields, filters, set }: PhoneFilterFieldsProps<F>) {
  const { t } = useTranslation();
  return (
    <>
      {fields.map((field, i) => {
        switch (field.kind) {
          case 'org':
            return (
              <label key={i} className="m-field">
                <span>{t('list.filter.organisation')}</span>
                <OrgTreeSelect value={filters} onChange={(pick) => set((f) => field.pick(f, pick))} testId={field.testId} />
              </label>
            );
          case 'area':
            return (
              <label key={i} className="m-field">
                <span>{t('reportFilter.area')}</span>
                <AreaSelect value={filters.areaId} onChange={(areaId) => set((f) => ({ ...f, areaId }))} org={filters} testId={field.testId} />
              </label>
            );
          case 'tank':
            return (
              <label key={i} className="m-field">
                <span>{t('reportFilter.tank')}</span>
                <TankSelect stationId={filters.stationId} value={filters.tankId} onChange={(tankId) => set((f) => ({ ...f, tankId }))} testId={field.testId} />
              </label>
            );
          case 'product':
            return (
              <label key={i} className="m-field">
                <span>{t('reportFilter.product')}</span>
                <ProductSelect value={filters.productId} onChange={(productId) => set((f) => ({ ...f, productId }))} testId={field.testId} />
              </label>
            );
          case 'choice':
            return (
              <ChipGroup<string>
                key={i}
                label={field.label(t)}
                value={filters[field.key] as string | undefined}
                onChange={(value) => set((f) => ({ ...f, [field.key]: value }))}
                options={[{ value: undefined, label: t('mobile.filter.all') }, ...field.options(t)]}
                testId={field.testId}
              />
            );
          case 'toggle':
            return (
              <ChipGroup<string>
                key={i}
                label={field.legend(t)}
                value={filters[field.key] as string | undefined}
                onChange={(value) => set((f) => ({ ...f, [field.key]: value }))}
                options={[
                  { value: undefined, label: t('mobile.filter.all') },
                  { value: field.on, label: field.label(t) },
                ]}
                testId={field.testId}
              />
            );
          case 'timeRange':
            return <DateRangeFields key={i} label={t('reportFilter.range')} from={filters.from} to={filters.to} onChange={(range) => set((f) => withRange(f, range))} />;
          case 'custom':
            return <Fragment key={i}>{field.phone({ filters, set })}</Fragment>;
        }
      })}
    </>
  );
}
