import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import LineChartOutlined from '@ant-design/icons/es/icons/LineChartOutlined';
import type { TFunction } from 'i18next';
import type { LeakTestRow } from '@ullage/contracts/leak-test';
import type { SortOrder } from '../../../components/list-page/list-query';
import type { MonitorFormat } from '../../../lib/format';
import { LeakResultTag } from '../../../components/leak-result-tag';
import { LEAK_REASON_KEYS } from '../../../lib/leak-result';
import { decidingFigure, leakWindow, type DecidingFigure } from '../leak-row-display';
import { stationColumn, tankColumn } from '../../../components/report-cells/place-columns';

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
  return [
    stationColumn(t('leakTest.column.station'), sortOrderOf, 150),
    tankColumn(t('leakTest.column.tank'), sortOrderOf, 130, missing),
    {
      title: t('leakTest.column.day'),
      dataIndex: 'day',
      key: 'day',
      sorter: true,
      sortOrder: sortOrderOf('day'),
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
      dataIndex: 'result',
      key: 'result',
      sorter: true,
      sortOrder: sortOrderOf('result'),
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
    {
      title: t('leakTest.column.leakRate'),
      dataIndex: 'leakRateLph',
      key: 'leakRateLph',
      sorter: true,
      sortOrder: sortOrderOf('leakRateLph'),
      width: 120,
      align: 'end',
      render: (_, row) => figure(format.rate(row.leakRateLph, row.volumeUnit), row, 'leakRate'),
    },
    {
      title: t('leakTest.column.threshold'),
      key: 'threshold',
      width: 110,
      align: 'end',
      render: (_, row) => format.rate(row.thresholdLph, row.volumeUnit),
    },
    {
      title: t('leakTest.column.mdl'),
      dataIndex: 'mdlLph',
      key: 'mdlLph',
      sorter: true,
      sortOrder: sortOrderOf('mdlLph'),
      width: 120,
      align: 'end',
      render: (_, row) => figure(format.rate(row.mdlLph, row.volumeUnit), row, 'mdl'),
    },
    {
      title: t('leakTest.column.quietHours'),
      dataIndex: 'quietHours',
      key: 'quietHours',
      sorter: true,
      sortOrder: sortOrderOf('quietHours'),
      width: 100,
      align: 'end',
      render: (_, row) => figure(format.hours(row.quietHours), row, 'quietHours'),
    },
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
