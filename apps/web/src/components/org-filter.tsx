import Select from 'antd/es/select';
import { optionMatches, type OrgOption } from '../lib/org-options';

interface OrgFilterProps {
  /** "All distributors", "All companies": what no choice means. */
  placeholder: string;
  /** The column's title, the select's accessible name. */
  label: string;
  options: OrgOption[];
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  testId: string;
  loading?: boolean;
  /** False lets the menu grow past the select for long names. */
  popupMatchSelectWidth?: boolean;
}

/** A list filter by distributor or company: cleared for all, searched by name in any script. */
export function OrgFilter({ placeholder, label, options, value, onChange, testId, loading, popupMatchSelectWidth }: OrgFilterProps) {
  return (
    <Select
      className="list-page__filter"
      allowClear
      showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
      placeholder={placeholder}
      aria-label={label}
      options={options}
      value={value}
      onChange={(next?: number) => onChange(next)}
      loading={loading}
      popupMatchSelectWidth={popupMatchSelectWidth}
      data-testid={testId}
    />
  );
}
