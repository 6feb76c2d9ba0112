import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface CompareRow {
  id: string;
  label: string;
  before: ReactNode;
  after: ReactNode;
  /** The value the record is about (the one that jumped): marked on the second column. */
  marked?: boolean;
}

interface CompareTableProps {
  /** The two columns' headings: previous / jumped, power-off / power-on. */
  columns: readonly [string, string];
  rows: readonly CompareRow[];
  testId?: string;
}

/** Two moments of a tank side by side, one measure a line: narrow enough for a phone, unlike the desktop's columns. */
export function CompareTable({ columns, rows, testId }: CompareTableProps) {
  const { t } = useTranslation();
  return (
    <table className="m-compare" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{t('mobile.report.measure')}</span>
          </th>
          <th scope="col">{columns[0]}</th>
          <th scope="col">{columns[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-measure={row.id}>
            <th scope="row">{row.label}</th>
            <td>
              <bdi>{row.before}</bdi>
            </td>
            <td className={row.marked ? 'm-compare__mark' : undefined}>
              <bdi>{row.after}</bdi>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
