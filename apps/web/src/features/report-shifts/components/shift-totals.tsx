import { useTranslation } from 'react-i18next';
import type { ShiftSalesTotals } from '@ullage/contracts/shift-sales';
import type { MonitorFormat } from '../../../lib/format';

/** Totals of every shift the filters match (not only the page): overall and per product, in one unit. */
export function ShiftTotals({ totals, format }: { totals: ShiftSalesTotals; format: MonitorFormat }) {
  const { t } = useTranslation();
  const volume = (litres: number | null) => format.volume(litres, totals.volumeUnit);
  return (
    <div className="shift-totals" data-testid="shift-totals">
      <dl className="shift-totals__overall">
        <div>
          <dt>{t('shiftSales.totals.shifts')}</dt>
          <dd>{format.count(totals.shifts)}</dd>
        </div>
        <div>
          <dt>{t('shiftSales.totals.sales')}</dt>
          <dd>{volume(totals.salesL)}</dd>
        </div>
        <div>
          <dt>{t('shiftSales.totals.delivered')}</dt>
          <dd>{volume(totals.deliveredL)}</dd>
        </div>
        {totals.unknownCount > 0 ? (
          <div className="shift-totals__unknown">
            <dt>{t('shiftSales.totals.unknown')}</dt>
            <dd>{format.count(totals.unknownCount)}</dd>
          </div>
        ) : null}
      </dl>
      {totals.products.length > 0 ? (
        <ul className="shift-totals__products" aria-label={t('shiftSales.totals.byProduct')} data-testid="shift-product-totals">
          {totals.products.map((p) => (
            <li key={p.productId ?? 0}>
              {p.productColor ? <span className="shift-tank__swatch" style={{ background: p.productColor }} aria-hidden /> : null}
              <bdi>{p.productName ?? t('shiftSales.noProduct')}</bdi>
              <strong>{volume(p.salesL)}</strong>
              {p.unknownCount > 0 ? <span className="list-page__muted">{t('shiftSales.totals.productUnknown', { count: p.unknownCount })}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
