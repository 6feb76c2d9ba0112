import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useProductOptions } from './filter-options';

interface ProductSelectProps {
  value: number | undefined;
  onChange: (productId: number | undefined) => void;
  testId?: string;
}

/** The products in the caller's scope, by name, for the report filters. */
export function ProductSelect({ value, onChange, testId }: ProductSelectProps) {
  const { t } = useTranslation();
  const products = useProductOptions();
  return (
    <Select
      className="report-filter"
      value={value}
      onChange={(next: number | undefined) => onChange(next)}
      options={(products.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))}
      placeholder={t('reportFilter.product')}
      aria-label={t('reportFilter.product')}
      showSearch={{ optionFilterProp: 'label' }}
      loading={products.isLoading}
      allowClear
      popupMatchSelectWidth={false}
      data-testid={testId}
    />
  );
}
