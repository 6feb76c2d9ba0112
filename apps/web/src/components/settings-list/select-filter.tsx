import Select from 'antd/es/select';

interface SelectFilterProps<V extends string | number> {
  /** Shown while nothing is chosen ("all …"). */
  placeholder: string;
  /** The column's title, the select's accessible name. */
  label: string;
  options: { value: V; label: string }[];
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  disabled?: boolean;
  testId: string;
}

/** One choice that filters a list, cleared to show all. */
export function SelectFilter<V extends string | number>({ placeholder, label, options, value, onChange, disabled, testId }: SelectFilterProps<V>) {
  return (
    <Select
      className="list-page__filter"
      allowClear
      placeholder={placeholder}
      aria-label={label}
      options={options}
      value={value}
      disabled={disabled}
      onChange={(next?: V) => onChange(next)}
      data-testid={testId}
    />
  );
}
