import { useTranslation } from 'react-i18next';
import type { MonitorFormat } from '../../lib/format';

/**
 * A range's deliveries added up, as features/mobile's DeliverySum holds them (shared code
 * imports no feature): `pending` members' totals have not arrived yet, the sum is partial
 * until it is 0. The drill-down pages and delivery_phone both show one.
 */
interface DeliverySumFigures {
  count: number;
  deliveredL: number;
  volumeUnit: number | null;
  pending: number;
}

/** The whole range's figures above a level's cards. */
export function DeliverySummary({ sum, unit, format, label }: { sum: DeliverySumFigures; unit: number | null; format: MonitorFormat; label: string }) {
  const { t } = useTranslation();
  const loading = sum.pending > 0;
  return (
    <section className="m-summary" data-testid="delivery-summary" aria-label={label}>
      <h2 className="m-section__title">{label}</h2>
      <div className="m-summary__grid m-summary__grid--two">
        <div>
          <span>{t('delivery.totals.count')}</span>
          <strong data-testid="delivery-summary-count">{loading ? '…' : format.count(sum.count)}</strong>
        </div>
        <div>
          <span>{t('delivery.totals.delivered')}</span>
          <strong data-testid="delivery-summary-delivered">{loading ? '…' : format.volume(sum.deliveredL, sum.volumeUnit ?? unit)}</strong>
        </div>
      </div>
    </section>
  );
}
