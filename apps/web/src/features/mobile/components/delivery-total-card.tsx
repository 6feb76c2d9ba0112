import type { ReactNode } from 'react';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import type { MonitorFormat } from '../../../lib/format';
import type { DeliverySum } from '../groups';
import { DrillCard } from './drill-card';
import { Figures } from '../../../components/mobile/figures';

interface DeliveryTotalCardProps {
  href: string;
  title: ReactNode;
  subtitle?: ReactNode;
  sum: DeliverySum;
  /** The unit when no delivery told it (none in the range): the company's. */
  unit: number | null;
  format: MonitorFormat;
  testId: string;
}

/** A company, area, station or tank with how many deliveries it had in the range and how much. */
export function DeliveryTotalCard({ href, title, subtitle, sum, unit, format, testId }: DeliveryTotalCardProps) {
  const { t } = useTranslation();
  const loading = sum.pending > 0;
  return (
    <DrillCard href={href} title={title} subtitle={subtitle} testId={testId} badges={loading ? <Spin size="small" /> : null}>
      <Figures
        testId={testId}
        items={[
          { id: 'count', label: t('delivery.totals.count'), value: loading ? '…' : format.count(sum.count), tone: sum.count === 0 && !loading ? 'muted' : undefined },
          { id: 'delivered', label: t('delivery.totals.delivered'), value: loading ? '…' : format.volume(sum.deliveredL, sum.volumeUnit ?? unit) },
        ]}
      />
    </DrillCard>
  );
}

/** The whole range's figures above a level's cards. */
export function DeliverySummary({ sum, unit, format, label }: { sum: DeliverySum; unit: number | null; format: MonitorFormat; label: string }) {
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
