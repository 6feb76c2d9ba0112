import { Fragment } from 'react';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { AreaSelect } from './area-select';
import type { FieldProps, FilterField, PlaceFilters } from './filter-fields';
import { OrgTreeSelect } from './org-tree-select';
import { ProductSelect } from './product-select';
import { TankSelect } from './tank-select';
import { TimeRangeFilter } from './time-range-filter';
import { withRange } from './time-range';

interface FilterBarProps<F extends PlaceFilters> extends FieldProps<F> {
  fields: readonly FilterField<F>[];
}

/** A report's declared filters (filter-fields.ts) as the desktop page's bar, in their order. */
export function FilterBar<F extends PlaceFilters>({ fields, filters, set }: FilterBarProps<F>) {
  const { t } = useTranslation();
  return (
    <>
      {fields.map((field, i) => {
        switch (field.kind) {
          case 'org':
            return <OrgTreeSelect key={i} value={filters} onChange={(pick) => set((f) => field.pick(f, pick))} testId={field.testId} />;
          case 'area':
            return <AreaSelect key={i} value={filters.areaId} onChange={(areaId) => set((f) => ({ ...f, areaId }))} org={filters} testId={field.testId} />;
          case 'tank':
            return <TankSelect key={i} stationId={filters.stationId} value={filters.tankId} onChange={(tankId) => set((f) => ({ ...f, tankId }))} testId={field.testId} />;
          case 'product':
            return <ProductSelect key={i} value={filters.productId} onChange={(productId) => set((f) => ({ ...f, productId }))} testId={field.testId} />;
          case 'choice':
            return (
              <Select
                key={i}
                className={field.wide ? 'report-filter report-filter--wide' : 'report-filter'}
                value={filters[field.key] as string | undefined}
                onChange={(value: string | undefined) => set((f) => ({ ...f, [field.key]: value }))}
                options={[...field.options(t)]}
                placeholder={field.label(t)}
                aria-label={field.label(t)}
                allowClear
                {...(field.widePopup ? { popupMatchSelectWidth: false } : {})}
                data-testid={field.testId}
              />
            );
          case 'toggle':
            return (
              <label key={i} className="inventory-abnormal-toggle">
                <Switch size="small" checked={filters[field.key] === field.on} onChange={(on) => set((f) => ({ ...f, [field.key]: on ? field.on : undefined }))} data-testid={field.testId} />
                <span>{field.label(t)}</span>
              </label>
            );
          case 'timeRange':
            return <TimeRangeFilter key={i} from={filters.from} to={filters.to} onChange={(range) => set((f) => withRange(f, range))} testId={field.testId} />;
          case 'custom':
            return <Fragment key={i}>{field.bar({ filters, set })}</Fragment>;
        }
      })}
    </>
  );
}
