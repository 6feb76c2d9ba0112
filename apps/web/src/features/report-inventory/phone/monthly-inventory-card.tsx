import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MonthlyInventoryRow } from '@ullage/contracts/inventory-report';
import type { MonitorFormat } from '../../../lib/format';
import { Figures } from '../../../components/mobile/figures';
import { signed } from '../../../lib/report-format';
import { phoneDailyLinkOf } from '../../../components/phone-report/period-range';
import { TankPlace } from '../../../components/phone-report/tank-place';
import { MonthProgressNote } from '../../../components/report-cells/month-progress';

interface MonthlyInventoryCardProps {
  row: MonthlyInventoryRow;
  format: MonitorFormat;
}

/**
 * One tank's month of Monthly: opening, deliveries, sales, the book and the measured closing
 * and their variance, in the company's units; its abnormal days lead to the daily page.
 */
export function MonthlyInventoryCard({ row, format }: MonthlyInventoryCardProps) {
  const { t } = useTranslation();
  const missing = <span className="m-muted">{t('common.placeholder.missing')}</span>;
  const volume = (litres: number | null) => (litres === null ? missing : format.volume(litres, row.volumeUnit));
  const variance = row.varianceL;
  return (
    <article className={`m-card m-report${row.abnormalDays > 0 ? ' m-card--warn' : ''}`} data-testid="monthly-card" data-month={row.month} data-tank={row.tankCode}>
      <div className="m-card__head">
        <h3 className="m-card__title">
          <span dir="ltr">{row.month}</span>{' '}
          <small className="m-card__aside" dir="ltr">
            {row.firstDay.slice(5)} – {row.lastDay.slice(5)}
          </small>
        </h3>
      </div>
      {row.inProgress ? <MonthProgressNote finishedDays={row.finishedDays} daysInMonth={row.daysInMonth} formatCount={(n) => format.count(n)} className="m-muted" /> : null}
      <p className="m-card__subtitle">
        <TankPlace stationName={row.stationName} tankCode={row.tankCode} productName={row.productName} productColor={row.productColor} />
      </p>
      <Figures
        items={[
          { id: 'opening', label: t('inventory.column.opening'), value: volume(row.openingL) },
          {
            id: 'delivered',
            label: t('inventory.column.delivered'),
            value: (
              <>
                <span data-testid="monthly-card-delivered">{format.volume(row.deliveredL, row.volumeUnit)}</span>
                {row.deliveryCount > 0 ? <small>{t('inventory.deliveryCount', { n: row.deliveryCount })}</small> : null}
              </>
            ),
          },
          {
            id: 'sales',
            label: t('inventory.column.sales'),
            value: (
              <>
                <strong data-testid="monthly-card-sales">{volume(row.salesL)}</strong>
                {row.unknownSalesDays > 0 ? <small className="m-warn">{t('inventory.unknownSalesDays', { n: row.unknownSalesDays })}</small> : null}
              </>
            ),
          },
          // Where the pumps report (issue 23), their total stands beside the level's sales, and the book on it.
          ...(row.metered
            ? [
                { id: 'metered', label: t('reconciliation.monthly.meteredSales'), value: <strong data-testid="monthly-card-metered">{volume(row.metered.salesL)}</strong> },
                { id: 'meteredBook', label: t('inventory.column.bookClosingMetered'), value: volume(row.metered.bookClosingL) },
                {
                  id: 'meteredVariance',
                  label: t('inventory.column.varianceMetered'),
                  value: (
                    <strong dir="ltr" className={(row.metered.varianceL ?? 0) < 0 ? 'm-loss' : undefined}>
                      {row.metered.varianceL === null ? '—' : signed(format.volume(row.metered.varianceL, row.volumeUnit), row.metered.varianceL)}
                    </strong>
                  ),
                },
              ]
            : []),
          { id: 'book', label: t('inventory.column.bookClosing'), value: volume(row.bookClosingL) },
          { id: 'closing', label: t('inventory.column.closing'), value: row.inProgress && row.closingL === null ? <span className="m-muted">{t('inventory.tag.monthInProgress')}</span> : volume(row.closingL) },
          {
            id: 'variance',
            label: t('inventory.column.variance'),
            value:
              variance === null ? (
                missing
              ) : (
                <strong className={variance < 0 ? 'm-loss' : variance > 0 ? 'm-gain' : undefined} dir="ltr">
                  {signed(format.volume(variance, row.volumeUnit), variance)}
                </strong>
              ),
          },
        ]}
      />
      <p className="m-report__foot">
        <span>
          {t('inventory.column.abnormalDays')}: <strong className={row.abnormalDays > 0 ? 'm-warn' : undefined} data-testid="monthly-card-abnormal">{format.count(row.abnormalDays)}</strong>
        </span>
        {row.abnormalDays > 0 ? (
          <Link to={phoneDailyLinkOf(row)} className="m-report__link" data-testid="monthly-card-days">
            {t('inventory.abnormalDaysShow')}
          </Link>
        ) : null}
      </p>
    </article>
  );
}
