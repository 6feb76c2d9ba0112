import type { ReactNode } from 'react';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import type { MonitorFormat } from '../../../lib/format';
import type { DeliverySum } from '../groups';
import { DrillCard } from '../../../components/mobile/drill-card';
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
