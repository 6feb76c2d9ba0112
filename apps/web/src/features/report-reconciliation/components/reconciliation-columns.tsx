import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReconciliationFigures, ReconciliationRow } from '@ullage/contracts/reconciliation';
import type { SortOrder } from '../../../components/list-page/list-query';
import { TankLabel } from '../../../components/report-cells/report-cells';
import type { MonitorFormat } from '../../../lib/format';
import type { FiguresBasis } from '../reconciliation-filters-state';
import { cumulativeTone, figuresOf, periodVarianceTone, salesOf } from '../reconciliation-row-display';
import { ManifoldTag, VarianceFigure } from './reconciliation-cells';
import { SalesSourceTag } from '../../../components/report-cells/sales-source-tag';
import { stationColumn } from '../../../components/report-cells/place-columns';
import { sortableField } from '../../../components/list-page/columns';

interface ColumnOptions {
  t: TFunction;
  format: MonitorFormat;
  sortOrderOf: (field: string) => SortOrder | null;
  basis: FiguresBasis;
}

const hinted = (title: string, hint: string) => (
  <Tooltip title={hint}>
    <span className="recon-hinted">{title}</span>
  </Tooltip>
);

/**
 * The reconciliation list: one row per tank (or manifolded group) and station day or shift;
 * volumes in each company's unit, gross or compensated as the page's toggle says. Book,
 * variance and cumulative variance stand on metered sales; a row without them shows the
 * level's sales and no book.
 */
export function reconciliationColumns({ t, format, sortOrderOf, basis }: ColumnOptions): ColumnsType<ReconciliationRow> {
  const missing = t('common.placeholder.missing');
  const side = (row: ReconciliationRow): ReconciliationFigures => figuresOf(row, basis);
  const volume = (litres: number | null, row: ReconciliationRow) => (litres === null ? <span className="recon-missing">{missing}</span> : format.volume(litres, row.volumeUnit));
  const numeric = { align: 'end' as const, width: 120 };
  return [
    stationColumn(t('reconciliation.column.station'), sortOrderOf, 160),
    {
      title: t('reconciliation.column.tank'),
      ...sortableField('tankCode', sortOrderOf),
      width: 150,
      render: (_, row) => (
        <span className="recon-tank">
          <TankLabel code={row.tankCode} productName={row.productName} productColor={row.productColor} missing={missing} />
          {row.manifold ? <ManifoldTag /> : null}
        </span>
      ),
    },
    {
      title: t('reconciliation.column.period'),
      ...sortableField('day', sortOrderOf),
      width: 120,
      render: (day: string, row) => (
        <span className="recon-stack">
          <span dir="ltr">{day}</span>
          {row.shiftNo !== null ? <small>{t('reconciliation.shiftNo', { n: row.shiftNo })}</small> : null}
        </span>
      ),
    },
    {
      title: t('reconciliation.column.source'),
      key: 'salesSource',
      width: 120,
      render: (_, row) => (
        <span className="recon-stack">
          <SalesSourceTag source={row.salesSource} testId="recon-source" />
          {row.incomplete ? (
            <Tooltip title={t('reconciliation.incompleteHint')}>
              <Tag color="warning" className="recon-incomplete">
                {t('reconciliation.incomplete')}
              </Tag>
            </Tooltip>
          ) : null}
        </span>
      ),
    },
    { ...numeric, title: t('reconciliation.column.opening'), key: 'opening', render: (_, row) => volume(side(row).openingL, row) },
    {
      ...numeric,
      title: hinted(t('reconciliation.column.deliveredGauged'), t('reconciliation.column.deliveredGaugedHint')),
      key: 'deliveredGauged',
      render: (_, row) => (
        <span className="recon-edge">
          <span>{format.volume(side(row).deliveredGaugedL, row.volumeUnit)}</span>
          {row.deliveryCount > 0 ? <small>{t('reconciliation.deliveryCount', { n: row.deliveryCount })}</small> : null}
          {side(row).salesDuringDeliveriesL !== null ? (
            // Sold while the tankers dropped (issue 34): the book adds it to each ticketless delivery's rise.
            <small data-testid="recon-sales-during" data-source={row.deliverySalesSource}>
              {t(row.deliverySalesSource === 'estimated' ? 'reconciliation.salesDuring.estimated' : 'reconciliation.salesDuring.metered', {
                volume: format.volume(side(row).salesDuringDeliveriesL, row.volumeUnit),
              })}
            </small>
          ) : null}
        </span>
      ),
    },
    {
      ...numeric,
      title: hinted(t('reconciliation.column.deliveredTicketed'), t('reconciliation.column.deliveredTicketedHint')),
      key: 'deliveredTicketed',
      render: (_, row) => (
        <span className="recon-edge">
          <span>{volume(side(row).deliveredTicketedL, row)}</span>
          {row.deliveryCount > 0 ? <small>{t('reconciliation.ticketedCount', { n: row.ticketedCount, of: row.deliveryCount })}</small> : null}
        </span>
      ),
    },
    {
      ...numeric,
      title: hinted(t('reconciliation.column.sales'), t('reconciliation.column.salesHint')),
      ...sortableField('meteredSalesL', sortOrderOf),
      render: (_, row) => <strong data-testid="recon-sales">{volume(salesOf(row, side(row)), row)}</strong>,
    },
    { ...numeric, title: hinted(t('reconciliation.column.bookClosing'), t('reconciliation.column.bookClosingHint')), key: 'bookClosing', render: (_, row) => volume(side(row).bookClosingL, row) },
    { ...numeric, title: t('reconciliation.column.closing'), key: 'closing', render: (_, row) => volume(side(row).closingL, row) },
    {
      ...numeric,
      title: hinted(t('reconciliation.column.variance'), t('reconciliation.column.varianceHint')),
      ...sortableField('varianceL', sortOrderOf),
      render: (_, row) => {
        const f = side(row);
        return <VarianceFigure text={f.varianceL === null ? missing : format.volume(f.varianceL, row.volumeUnit)} value={f.varianceL} tone={periodVarianceTone(f)} testId="recon-variance" />;
      },
    },
    {
      ...numeric,
      width: 100,
      title: t('reconciliation.column.variancePct'),
      ...sortableField('variancePct', sortOrderOf),
      render: (_, row) => {
        const pct = side(row).variancePct;
        return <VarianceFigure text={pct === null ? missing : format.percent(pct)} value={pct} tone={null} />;
      },
    },
    {
      ...numeric,
      width: 140,
      title: hinted(t('reconciliation.column.cumulative'), t('reconciliation.column.cumulativeHint')),
      ...sortableField('cumulativeVarianceL', sortOrderOf),
      render: (_, row) => {
        const f = side(row);
        return (
          <VarianceFigure
            text={f.cumulativeVarianceL === null ? missing : format.volume(f.cumulativeVarianceL, row.volumeUnit)}
            value={f.cumulativeVarianceL}
            tone={cumulativeTone(row, f)}
            testId="recon-cumulative"
          />
        );
      },
    },
  ];
}
