import { useState } from 'react';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { POWER_TOLERANCE_MAX_L } from '@ullage/domain/power-events';
import type { FieldProps } from '../../components/report-filters/filter-fields';
import type { PowerFilters } from './power-filters-state';

/**
 * The tolerance a change is flagged beyond, as power-report.tsx declares it: a number of litres,
 * applied when the user is done typing (Enter or leaving the field), not on each key. The
 * declaration fetches this module lazily, so the phone page loads the number input only with its
 * filter sheet; the desktop page imports it with itself.
 */
type Props = FieldProps<PowerFilters>;

/** On the desktop's filter bar, after the range. */
export function PowerToleranceBar({ filters, set }: Props) {
  const { t } = useTranslation();
  const [tolerance, setTolerance] = useState<number | null>(filters.toleranceL);
  const commitTolerance = () => {
    if (tolerance !== null && tolerance !== filters.toleranceL) set((f) => ({ ...f, toleranceL: tolerance }));
    if (tolerance === null) setTolerance(filters.toleranceL);
  };
  return (
    <label className="power-tolerance">
      <span>{t('power.filter.tolerance')}</span>
      <InputNumber<number>
        min={0}
        max={POWER_TOLERANCE_MAX_L}
        step={10}
        value={tolerance}
        onChange={setTolerance}
        onBlur={commitTolerance}
        onPressEnter={commitTolerance}
        suffix={t('power.filter.litres')}
        aria-label={t('power.filter.tolerance')}
        data-testid="power-filter-tolerance"
      />
    </label>
  );
}

/** In the phone's filter sheet, thumb-sized. */
export function PowerTolerancePhone({ filters, set }: Props) {
  const { t } = useTranslation();
  const [tolerance, setTolerance] = useState<number | null>(filters.toleranceL);
  const commit = () => {
    if (tolerance !== null && tolerance !== filters.toleranceL) set((f) => ({ ...f, toleranceL: tolerance }));
    if (tolerance === null) setTolerance(filters.toleranceL);
  };
  return (
    <label className="m-field">
      <span>{t('power.filter.tolerance')}</span>
      <InputNumber<number>
        size="large"
        min={0}
        max={POWER_TOLERANCE_MAX_L}
        step={10}
        inputMode="decimal"
        value={tolerance}
        onChange={setTolerance}
        onBlur={commit}
        onPressEnter={commit}
        suffix={t('power.filter.litres')}
        className="m-number"
        data-testid="power-filter-tolerance"
      />
    </label>
  );
}
