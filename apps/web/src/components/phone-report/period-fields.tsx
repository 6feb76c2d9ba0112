import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERIOD_MAX, periodProblem, type PeriodKind } from './period-range';

interface PeriodFieldsProps {
  kind: PeriodKind;
  first: string;
  last: string;
  label: string;
  onChange: (first: string, last: string) => void;
  testId: string;
  /** The most days or months the report takes; the inventory reports' by default. */
  max?: number;
}

/**
 * The desktop day or month range picker as two native fields (the phone's own picker). A
 * pair is applied once it is valid; until then the fields keep what was typed and say what
 * is wrong, and the list keeps the last valid period.
 */
export function PeriodFields({ kind, first, last, label, onChange, testId, max = PERIOD_MAX[kind] }: PeriodFieldsProps) {
  const { t } = useTranslation();
  // What the user is typing, valid or not, for the period it started from.
  const [draft, setDraft] = useState<{ base: string; first: string; last: string } | null>(null);
  const base = `${first}|${last}`;
  const shown = draft && draft.base === base ? draft : { first, last };
  const problem = periodProblem(kind, shown.first, shown.last, max);
  const edit = (next: { first: string; last: string }) => {
    if (periodProblem(kind, next.first, next.last, max) === null) {
      setDraft(null);
      onChange(next.first, next.last);
    } else setDraft({ base, ...next });
  };
  const type = kind === 'day' ? 'date' : 'month';
  const message =
    problem === 'order'
      ? t('query.range.startBeforeEnd')
      : problem === 'tooLong'
        ? kind === 'day'
          ? t('query.range.maxDays', { count: max })
          : t('mobile.report.maxMonths', { count: max })
        : null;
  return (
    <fieldset className="m-field m-field--dates" data-testid={testId}>
      <legend>{label}</legend>
      <label className="m-field">
        <span>{t('mobile.range.from')}</span>
        <input type={type} value={shown.first} onChange={(e) => edit({ first: e.target.value, last: shown.last })} data-testid={`${testId}-from`} />
      </label>
      <label className="m-field">
        <span>{t('mobile.range.to')}</span>
        <input type={type} value={shown.last} onChange={(e) => edit({ first: shown.first, last: e.target.value })} data-testid={`${testId}-to`} />
      </label>
      {message ? (
        <p className="m-range__hint" role="alert" data-testid={`${testId}-problem`}>
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
