interface ChipGroupProps<T extends string> {
  label: string;
  value: T | undefined;
  /** The first option stands for "not filtered" (undefined). */
  options: readonly { value: T | undefined; label: string }[];
  onChange: (value: T | undefined) => void;
  testId?: string;
}

/** A few mutually exclusive choices as thumb-sized toggles (all, active, cleared). */
export function ChipGroup<T extends string>({ label, value, options, onChange, testId }: ChipGroupProps<T>) {
  return (
    <fieldset className="m-field m-field--chips" data-testid={testId}>
      <legend>{label}</legend>
      <div className="m-chips">
        {options.map((option) => {
          const on = option.value === value;
          return (
            <button
              key={option.value ?? 'all'}
              type="button"
              className={`m-chip${on ? ' m-chip--on' : ''}`}
              aria-pressed={on}
              data-value={option.value ?? 'all'}
              onClick={() => onChange(option.value)}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
