import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { DeliveryRow } from '@ullage/contracts/delivery-report';
import { stationDateTime } from '../../lib/station-time';
import type { MonitorFormat } from '../../lib/format';
import { NO_PRODUCT_COLOR } from '../tank/product-color';
import { DrillCard } from './drill-card';
import { Figures } from './figures';
import { ProductSuffix } from '../tank/product-suffix';

interface DeliveryCardProps {
  row: DeliveryRow;
  href: string;
  format: MonitorFormat;
  /** Lists of several stations name the station and tank; a tank's own list does not. */
  showPlace?: boolean;
}

/** One delivery: when, how much, finished or not, how it was recorded; opens its details. */
export function DeliveryCard({ row, href, format, showPlace = false }: DeliveryCardProps) {
  const { t } = useTranslation();
  const missing = t('common.placeholder.missing');
  return (
    <DrillCard
      href={href}
      testId="delivery-card"
      title={<span dir="ltr">{stationDateTime(row.startedAt, row.timezone) ?? missing}</span>}
      subtitle={
        showPlace ? (
          <span className="m-place">
            <span className="m-swatch" style={{ background: row.productColor ?? NO_PRODUCT_COLOR }} aria-hidden="true" />
            <bdi>{row.stationName}</bdi> · <bdi>{t('monitor.tank.title', { code: row.tankCode })}</bdi>
            <ProductSuffix name={row.productName} />
          </span>
        ) : undefined
      }
      badges={
        <>
          {row.endedAt ? null : <Tag color="processing">{t('delivery.state.open')}</Tag>}
          <Tag color={row.source === 'device' ? 'blue' : 'default'}>{t(row.source === 'device' ? 'delivery.source.device' : 'delivery.source.detected')}</Tag>
        </>
      }
    >
      <Figures
        items={[
          { id: 'delivered', label: t('delivery.column.delivered'), value: <strong data-testid="delivery-card-delivered">{format.volume(row.deliveredL, row.volumeUnit)}</strong> },
          { id: 'tc', label: t('delivery.column.deliveredTc'), value: format.volume(row.deliveredTcL, row.volumeUnit) },
        ]}
      />
    </DrillCard>
  );
}
