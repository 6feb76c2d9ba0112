import { useTranslation } from 'react-i18next';
import type { ReconciliationRow } from '@ullage/contracts/reconciliation';
import type { MonitorFormat } from '../../../lib/format';
import { Figures } from '../../../components/mobile/figures';
import type { FiguresBasis } from '../reconciliation-filters-state';
import { figuresOf, periodVarianceTone, salesOf } from '../reconciliation-row-display';
import { ManifoldTag, VarianceFigure } from '../components/reconciliation-cells';
import { SalesSourceTag } from '../../../components/report-cells/sales-source-tag';
import { ReportCardHead } from '../../../components/phone-report/report-card-head';

interface ReconciliationCardProps {
  row: ReconciliationRow;
  basis: FiguresBasis;
  format: MonitorFormat;
}

/**
 * One tank (group) day or shift of reconciliation: where its sales come from, then the book
 * against the gauge in the company's unit, the variance marked beyond the monthly rule.
 */
export function ReconciliationCard({ row, basis, format }: ReconciliationCardProps) {
  const { t } = useTranslation();
  const f = figuresOf(row, basis);
  const tone = periodVarianceTone(f);
  const beyond = tone === 'loss-beyond' || tone === 'gain-beyond';
  const volume = (litres: number | null) => format.volume(litres, row.volumeUnit);
  return (
    <article className={`m-card m-report${beyond ? ' m-card--alarm' : ''}`} data-testid="recon-card" data-source={row.salesSource}>
      <ReportCardHead
        title={
          <>
            <span dir="ltr">{row.day}</span>
            {row.shiftNo !== null ? <small> · {t('reconciliation.shiftNo', { n: row.shiftNo })}</small> : null}
          </>
        }
        tags={
          <>
            <SalesSourceTag source={row.salesSource} />
            {row.manifold ? <ManifoldTag /> : null}
          </>
        }
        place={row}
      />
      <Figures
        testId="recon-card"
        items={[
          { id: 'opening', label: t('reconciliation.column.opening'), value: volume(f.openingL) },
          { id: 'delivered', label: t('reconciliation.column.deliveredGauged'), value: volume(f.deliveredGaugedL) },
          { id: 'ticketed', label: t('reconciliation.column.deliveredTicketed'), value: volume(f.deliveredTicketedL) },
          { id: 'sales', label: t('reconciliation.column.sales'), value: volume(salesOf(row, f)) },
          { id: 'book', label: t('reconciliation.column.bookClosing'), value: volume(f.bookClosingL) },
          { id: 'closing', label: t('reconciliation.column.closing'), value: volume(f.closingL) },
          { id: 'variance', label: t('reconciliation.column.variance'), value: <VarianceFigure text={volume(f.varianceL)} value={f.varianceL} tone={tone} />, ...(beyond ? { tone: 'alarm' as const } : {}) },
          { id: 'cumulative', label: t('reconciliation.column.cumulative'), value: <VarianceFigure text={volume(f.cumulativeVarianceL)} value={f.cumulativeVarianceL} tone={null} /> },
        ]}
      />
    </article>
  );
}
