import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { ReactNode } from 'react';
import type { ColumnsType, ColumnType } from 'antd/es/table';
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
import { sortableField } from '../../../components/list-page/columns';

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

type Metered = NonNullable<MonthlyInventoryRow['metered']>;

/** A column of the month reconciled on the pumps, at the cell's end; a row without metered sales shows `without`. */
function meteredColumn(title: ReactNode, key: string, width: number, cell: (metered: Metered, row: MonthlyInventoryRow) => ReactNode, without: ReactNode = null): ColumnType<MonthlyInventoryRow> {
  return { title, key, width, align: 'end', render: (_, row) => (row.metered ? cell(row.metered, row) : without) };
}

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
      ...sortableField('month', sortOrderOf),
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
    { title: t('inventory.column.stationTank'), ...sortableField('stationName', sortOrderOf), width: 190, render: (_, row) => <StationTankCell row={row} /> },
    {
      title: t('inventory.column.abnormalDays'),
      ...sortableField('abnormalDays', sortOrderOf),
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
    { title: hinted(t('inventory.column.opening'), t('inventory.column.openingHint')), ...sortableField('openingL', sortOrderOf), width: 115, align: 'end', render: (v: number | null, row) => volume(v, row) },
    deliveredColumn(t, format, sortOrderOf, false),
    {
      title: hinted(t('inventory.column.sales'), t('inventory.column.monthSalesHint')),
      ...sortableField('salesL', sortOrderOf),
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
          meteredColumn(
            hinted(t('reconciliation.monthly.meteredSales'), t('reconciliation.monthly.meteredSalesHint')),
            'meteredSalesL',
            130,
            (m, row) => (
              <span className="inventory-edge" data-testid="monthly-metered-sales">
                <strong>{volume(m.salesL, row)}</strong>
                <SalesSourceTag source="metered" />
                {m.tankCode !== row.tankCode ? <small>{t('reconciliation.manifold')} {m.tankCode}</small> : null}
              </span>
            ),
            <SalesSourceTag source="derived" testId="monthly-derived-sales" />,
          ),
          meteredColumn(hinted(t('inventory.column.bookClosingMetered'), t('reconciliation.column.bookClosingHint')), 'meteredBookClosingL', 120, (m, row) => (
            <span data-testid="monthly-metered-book">{volume(m.bookClosingL, row)}</span>
          )),
          meteredColumn(hinted(t('inventory.column.varianceMetered'), t('reconciliation.column.varianceHint')), 'meteredVarianceL', 140, (m, row) => (
            <span className="inventory-edge" data-testid="monthly-metered-variance">
              <strong dir="ltr">{m.varianceL === null ? '—' : signed(format.volume(m.varianceL, row.volumeUnit), m.varianceL)}</strong>
              {m.result === 'no_data' ? null : <Tag color={m.result === 'pass' ? 'success' : 'error'}>{t(m.result === 'pass' ? 'reconciliation.rule.pass' : 'reconciliation.rule.fail')}</Tag>}
            </span>
          )),
        ]
      : []),
    { title: hinted(t('inventory.column.bookClosing'), t('inventory.column.bookClosingHint')), key: 'bookClosingL', width: 115, align: 'end', render: (_, row) => volume(row.bookClosingL, row) },
    {
      title: hinted(t('inventory.column.closing'), t('inventory.column.closingHint')),
      ...sortableField('closingL', sortOrderOf),
      width: 115,
      align: 'end',
      render: (v: number | null, row) => (row.inProgress && v === null ? <Tag color="processing">{t('inventory.tag.monthInProgress')}</Tag> : volume(v, row)),
    },
    {
      title: hinted(t('inventory.column.variance'), t('inventory.column.varianceHint')),
      ...sortableField('varianceL', sortOrderOf),
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
