import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { MonthlyInventoryRow } from '@ullage/contracts/inventory-report';
import type { SortOrder } from '../../../components/list-page/list-query';
import type { MonitorFormat } from '../../../lib/format';
import { dailyLinkOf } from '../../../components/report-filters/report-filters-state';
import { signed } from '../../../lib/report-format';
import { StationTankCell } from './inventory-cells';
import { SalesSourceTag } from '../../../components/report-cells/sales-source-tag';
import { MonthProgressNote } from '../../../components/report-cells/month-progress';
import { deliveredColumn } from './delivered-column';

interface ColumnOptions {
  t: TFunction;
  format: MonitorFormat;
  sortOrderOf: (field: string) => SortOrder | null;
  /** Some row on the page has metered sales (issue 23): the metered-sales column is shown. */
  metered: boolean;
}

const hinted = (title: string, hint: string) => (
  <Tooltip title={hint}>
    <span className="inventory-hinted">{title}</span>
  </Tooltip>
);

/**
 * The monthly report: one row per tank and month, the book closing and variance spelled out.
 * The level's book and variance stand on the sales gauged from the tank's level; where a tank
 * has metered sales (issue 23) a second book and variance stand on the pumps' total, and each
 * pair is named for the sales it stands on (issue 34 item 5).
 */
export function monthlyColumns({ t, format, sortOrderOf, metered }: ColumnOptions): ColumnsType<MonthlyInventoryRow> {
  const missing = t('common.placeholder.missing');
  const volume = (litres: number | null, row: MonthlyInventoryRow) => (litres === null ? <span className="inventory-missing">{missing}</span> : format.volume(litres, row.volumeUnit));
  return [
    {
      title: t('inventory.column.month'),
      dataIndex: 'month',
      key: 'month',
      sorter: true,
      sortOrder: sortOrderOf('month'),
      width: 150,
      fixed: 'start',
      render: (month: string, row) => (
        <span className="inventory-stack">
          <Tooltip title={`${t('inventory.column.days')}: ${format.count(row.finishedDays)}`}>
            <span className="inventory-stack">
              <span dir="ltr">{month}</span>
              <small dir="ltr">
                {row.firstDay.slice(5)} – {row.lastDay.slice(5)}
              </small>
            </span>
          </Tooltip>
          {row.inProgress ? <MonthProgressNote finishedDays={row.finishedDays} daysInMonth={row.daysInMonth} formatCount={(n) => format.count(n)} /> : null}
        </span>
      ),
    },
    { title: t('inventory.column.stationTank'), dataIndex: 'stationName', key: 'stationName', sorter: true, sortOrder: sortOrderOf('stationName'), width: 190, render: (_, row) => <StationTankCell row={row} /> },
    {
      title: t('inventory.column.abnormalDays'),
      dataIndex: 'abnormalDays',
      key: 'abnormalDays',
      sorter: true,
      sortOrder: sortOrderOf('abnormalDays'),
      width: 115,
      align: 'end',
      render: (v: number, row) =>
        v > 0 ? (
          <Tooltip title={t('inventory.abnormalDaysShow')}>
            <Link to={dailyLinkOf(row)} className="inventory-warn" data-testid="inventory-abnormal-days">
              {format.count(v)}
            </Link>
          </Tooltip>
        ) : (
          <span className="list-page__muted">{format.count(0)}</span>
        ),
    },
    { title: hinted(t('inventory.column.opening'), t('inventory.column.openingHint')), dataIndex: 'openingL', key: 'openingL', sorter: true, sortOrder: sortOrderOf('openingL'), width: 115, align: 'end', render: (v: number | null, row) => volume(v, row) },
    deliveredColumn(t, format, sortOrderOf, false),
    {
      title: hinted(t('inventory.column.sales'), t('inventory.column.monthSalesHint')),
      dataIndex: 'salesL',
      key: 'salesL',
      sorter: true,
      sortOrder: sortOrderOf('salesL'),
      width: 115,
      align: 'end',
      render: (v: number | null, row) => (
        <span className="inventory-edge">
          <strong>{volume(v, row)}</strong>
          {row.unknownSalesDays > 0 ? (
            <Tooltip title={t('inventory.unknownSalesHint')}>
              <small className="inventory-warn">{t('inventory.unknownSalesDays', { n: row.unknownSalesDays })}</small>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    // Where the pumps report (issue 23): the month reconciled against them — metered sales, the
    // book on them, its variance and the monthly rule; a manifolded tank shows its group's.
    ...(metered
      ? [
          {
            title: hinted(t('reconciliation.monthly.meteredSales'), t('reconciliation.monthly.meteredSalesHint')),
            key: 'meteredSalesL',
            width: 130,
            align: 'end' as const,
            render: (_: unknown, row: MonthlyInventoryRow) =>
              row.metered ? (
                <span className="inventory-edge" data-testid="monthly-metered-sales">
                  <strong>{volume(row.metered.salesL, row)}</strong>
                  <SalesSourceTag source="metered" />
                  {row.metered.tankCode !== row.tankCode ? <small>{t('reconciliation.manifold')} {row.metered.tankCode}</small> : null}
                </span>
              ) : (
                <SalesSourceTag source="derived" testId="monthly-derived-sales" />
              ),
          },
          {
            title: hinted(t('inventory.column.bookClosingMetered'), t('reconciliation.column.bookClosingHint')),
            key: 'meteredBookClosingL',
            width: 120,
            align: 'end' as const,
            render: (_: unknown, row: MonthlyInventoryRow) => (row.metered ? <span data-testid="monthly-metered-book">{volume(row.metered.bookClosingL, row)}</span> : null),
          },
          {
            title: hinted(t('inventory.column.varianceMetered'), t('reconciliation.column.varianceHint')),
            key: 'meteredVarianceL',
            width: 140,
            align: 'end' as const,
            render: (_: unknown, row: MonthlyInventoryRow) =>
              row.metered ? (
                <span className="inventory-edge" data-testid="monthly-metered-variance">
                  <strong dir="ltr">{row.metered.varianceL === null ? '—' : signed(format.volume(row.metered.varianceL, row.volumeUnit), row.metered.varianceL)}</strong>
                  {row.metered.result === 'no_data' ? null : (
                    <Tag color={row.metered.result === 'pass' ? 'success' : 'error'}>{t(row.metered.result === 'pass' ? 'reconciliation.rule.pass' : 'reconciliation.rule.fail')}</Tag>
                  )}
                </span>
              ) : null,
          },
        ]
      : []),
    { title: hinted(t('inventory.column.bookClosing'), t('inventory.column.bookClosingHint')), key: 'bookClosingL', width: 115, align: 'end', render: (_, row) => volume(row.bookClosingL, row) },
    {
      title: hinted(t('inventory.column.closing'), t('inventory.column.closingHint')),
      dataIndex: 'closingL',
      key: 'closingL',
      sorter: true,
      sortOrder: sortOrderOf('closingL'),
      width: 115,
      align: 'end',
      render: (v: number | null, row) => (row.inProgress && v === null ? <Tag color="processing">{t('inventory.tag.monthInProgress')}</Tag> : volume(v, row)),
    },
    {
      title: hinted(t('inventory.column.variance'), t('inventory.column.varianceHint')),
      dataIndex: 'varianceL',
      key: 'varianceL',
      sorter: true,
      sortOrder: sortOrderOf('varianceL'),
      width: 115,
      align: 'end',
      render: (v: number | null, row) =>
        v === null ? (
          <span className="inventory-missing">{missing}</span>
        ) : (
          <strong className={v < 0 ? 'inventory-loss' : v > 0 ? 'inventory-gain' : undefined} dir="ltr">
            {signed(format.volume(v, row.volumeUnit), v)}
          </strong>
        ),
    },
  ];
}
