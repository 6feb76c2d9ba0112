import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useAreaOptions } from './filter-options';

interface AreaSelectProps {
  value: number | undefined;
  onChange: (areaId: number | undefined) => void;
  /** The organisation picked in the tree: only its areas are offered. */
  org: { distributorId?: number | undefined; companyId?: number | undefined };
  testId?: string;
}

/** Areas group stations across the organisation tree (spec §3 area); named with their company when several are shown. */
export function AreaSelect({ value, onChange, org, testId }: AreaSelectProps) {
  const { t } = useTranslation();
  const areas = useAreaOptions(org);
  const rows = areas.data?.list ?? [];
  const oneCompany = rows.every((a) => a.companyId === rows[0]?.companyId);
  return (
    <Select
      className="report-filter"
      value={value}
      onChange={(next: number | undefined) => onChange(next)}
      options={rows.map((a) => ({ value: a.id, label: oneCompany ? a.name : `${a.name} · ${a.companyName}` }))}
      placeholder={t('reportFilter.area')}
      aria-label={t('reportFilter.area')}
      showSearch={{ optionFilterProp: 'label' }}
      loading={areas.isLoading}
      allowClear
      popupMatchSelectWidth={false}
      data-testid={testId}
    />
  );
}
