import Button from 'antd/es/button';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import LineChartOutlined from '@ant-design/icons/es/icons/LineChartOutlined';
import type { TFunction } from 'i18next';
import type { LeakTestRow } from '@ullage/contracts/leak-test';
import type { SortOrder } from '../../../components/list-page/list-query';
import type { MonitorFormat } from '../../../lib/format';
import { LeakResultTag } from '../../../components/leak-result-tag';
import { LEAK_REASON_KEYS } from '../../../lib/leak-result';
import { decidingFigure, leakWindow, type DecidingFigure } from '../leak-row-display';
import { stationColumn, tankColumn } from '../../../components/report-cells/place-columns';
import { sortableField } from '../../../components/list-page/columns';

interface ColumnOptions {
  t: TFunction;
  format: MonitorFormat;
  sortOrderOf: (field: string) => SortOrder | null;
  onChart: (row: LeakTestRow) => void;
}

/** A figure of the row, bold when the result rests on it. */
function figure(text: string, row: LeakTestRow, which: DecidingFigure) {
  return decidingFigure(row) === which ? <strong data-deciding={which}>{text}</strong> : text;
}

/** The leak-test list: one row per tank and station day; rates in each company's unit per hour, times on the station's clock. */
export function leakColumns({ t, format, sortOrderOf, onChart }: ColumnOptions): ColumnsType<LeakTestRow> {
  const missing = t('common.placeholder.missing');
  /** A sortable figure the result may rest on (the rate, the detection limit, the quiet hours), bold when it does. */
  const decidingColumn = (title: string, field: string, which: DecidingFigure, text: (row: LeakTestRow) => string, width = 120): ColumnType<LeakTestRow> => ({
    title,
    ...sortableField(field, sortOrderOf),
    width,
    align: 'end',
    render: (_, row) => figure(text(row), row, which),
  });
  return [
    stationColumn(t('leakTest.column.station'), sortOrderOf, 150),
    tankColumn(t('leakTest.column.tank'), sortOrderOf, 130, missing),
    {
      title: t('leakTest.column.day'),
      ...sortableField('day', sortOrderOf),
      width: 110,
      render: (day: string) => <span dir="ltr">{day}</span>,
    },
    {
      title: t('leakTest.column.window'),
      key: 'window',
      width: 170,
      render: (_, row) => {
        const window = leakWindow(row);
        return window ? (
          <span className="leak-window" dir="ltr">
            <span>{window.from}</span>
            <span>{window.to}</span>
          </span>
        ) : (
          missing
        );
      },
    },
    {
      title: t('leakTest.column.result'),
      ...sortableField('result', sortOrderOf),
      width: 120,
      render: (_, row) => <LeakResultTag result={row.result} testId="leak-result" />,
    },
    {
      title: t('leakTest.column.reason'),
      dataIndex: 'reason',
      key: 'reason',
      width: 180,
      render: (_, row) => <span className="leak-reason">{t(LEAK_REASON_KEYS[row.reason])}</span>,
    },
    decidingColumn(t('leakTest.column.leakRate'), 'leakRateLph', 'leakRate', (row) => format.rate(row.leakRateLph, row.volumeUnit)),
    {
      title: t('leakTest.column.threshold'),
      key: 'threshold',
      width: 110,
      align: 'end',
      render: (_, row) => format.rate(row.thresholdLph, row.volumeUnit),
    },
    decidingColumn(t('leakTest.column.mdl'), 'mdlLph', 'mdl', (row) => format.rate(row.mdlLph, row.volumeUnit)),
    decidingColumn(t('leakTest.column.quietHours'), 'quietHours', 'quietHours', (row) => format.hours(row.quietHours), 100),
    {
      title: t('leakTest.column.quietPeriods'),
      key: 'quietPeriods',
      width: 100,
      align: 'end',
      render: (_, row) => format.count(row.quietPeriods),
    },
    {
      title: t('list.column.actions'),
      key: 'actions',
      fixed: 'end',
      width: 90,
      className: 'leak-actions',
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          icon={<LineChartOutlined />}
          disabled={row.quietPeriods === 0}
          onClick={(event) => {
            // The row opens the chart too; one click, one chart.
            event.stopPropagation();
            onChart(row);
          }}
          data-testid={`leak-chart-${row.id}`}
        >
          {t('leakTest.action.chart')}
        </Button>
      ),
    },
  ];
}
