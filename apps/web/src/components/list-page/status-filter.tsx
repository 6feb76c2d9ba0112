import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';

export type StatusFilterValue = 'enabled' | 'disabled';

interface StatusFilterProps {
  /** The status column's title, the select's accessible name. */
  label: string;
  value: StatusFilterValue | undefined;
  onChange: (value: StatusFilterValue | undefined) => void;
  testId: string;
}

/** The "all statuses / enabled / disabled" filter of the lists whose rows can be switched off. */
export function StatusFilter({ label, value, onChange, testId }: StatusFilterProps) {
  const { t } = useTranslation();
  return (
    <Select
      className="list-page__filter"
      allowClear
      placeholder={t('settingsOrg.filter.allStatuses')}
      aria-label={label}
      options={[
        { value: 'enabled', label: t('settingsOrg.status.enabled') },
        { value: 'disabled', label: t('settingsOrg.status.disabled') },
      ]}
      value={value}
      onChange={(next?: StatusFilterValue) => onChange(next)}
      data-testid={testId}
    />
  );
}
