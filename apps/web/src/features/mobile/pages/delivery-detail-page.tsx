import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { activeLanguage } from '../../../i18n/i18n';
import { stationDateTime } from '../../../lib/station-time';
import { NO_PRODUCT_COLOR } from '../../../components/tank/product-color';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { useDelivery } from '../api/deliveries';
import { useStationPlace } from '../api/station-places';
import { Figures } from '../../../components/mobile/figures';
import { LoadState, queryLoad } from '../../../components/mobile/load-state';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { deliveryCrumbs, stationLevel } from '../crumbs';
import { useDeliveryPlace } from '../use-delivery-place';
import { ProductSuffix } from '../../../components/tank/product-suffix';

/** "start → end"; in Arabic the arrow points left, as the labels' "(البداية ← النهاية)" read. */
const span = (start: string, end: string) => (
  <span className="m-span">
    <bdi>{start}</bdi>
    <span aria-hidden="true">{activeLanguage() === 'ar' ? ' ← ' : ' → '}</span>
    <bdi>{end}</bdi>
  </span>
);

/** /deliveryDetail?id&tankId&at: one delivery with every figure the desktop list has. */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const { place, range } = useDeliveryPlace();
  const delivery = useDelivery(place.id, place.tankId, place.at);
  const row = delivery.data ?? null;
  const station = useStationPlace(row?.stationId ?? place.stationId);
  const missing = t('common.placeholder.missing');
  const crumbs = deliveryCrumbs(
    t,
    {
      ...stationLevel(station, row?.stationId ?? place.stationId, row?.stationName ?? station?.name),
      tankId: row?.tankId ?? place.tankId,
      tankName: row ? t('monitor.tank.title', { code: row.tankCode }) : undefined,
    },
    range,
    row ? (stationDateTime(row.startedAt, row.timezone) ?? undefined) : undefined,
  );
  const complete = place.id !== undefined && place.tankId !== undefined && place.at !== undefined;
  return (
    <MobilePage testId="mobile-delivery-detail" crumbs={crumbs}>
      <LoadState {...queryLoad(delivery, complete)} empty={!row} emptyText={t('mobile.delivery.notFound')}>
        {row ? (
          <article className="m-card m-delivery" data-testid="delivery-detail">
            <header className="m-card__head">
              <h2 className="m-card__title">
                <span className="m-tank__product">
                  <span className="m-swatch" style={{ background: row.productColor ?? NO_PRODUCT_COLOR }} aria-hidden="true" />
                  <bdi>{t('monitor.tank.title', { code: row.tankCode })}</bdi>
                  <ProductSuffix name={row.productName} />
                </span>
              </h2>
              <span className="m-card__badges">
                {row.endedAt ? <Tag>{t('delivery.state.ended')}</Tag> : <Tag color="processing">{t('delivery.state.open')}</Tag>}
                <Tag color={row.source === 'device' ? 'blue' : 'default'}>{t(row.source === 'device' ? 'delivery.source.device' : 'delivery.source.detected')}</Tag>
              </span>
            </header>
            <p className="m-delivery__amount" data-testid="delivery-detail-delivered">
              {format.volume(row.deliveredL, row.volumeUnit)}
            </p>
            <Figures
              testId="delivery-detail"
              items={[
                { id: 'station', label: t('delivery.column.station'), value: <bdi>{row.stationName}</bdi> },
                { id: 'started', label: t('delivery.column.startedAt'), value: <span dir="ltr">{stationDateTime(row.startedAt, row.timezone) ?? missing}</span> },
                { id: 'ended', label: t('delivery.column.endedAt'), value: row.endedAt ? <span dir="ltr">{stationDateTime(row.endedAt, row.timezone)}</span> : t('delivery.state.open') },
                { id: 'tc', label: t('delivery.column.deliveredTc'), value: format.volume(row.deliveredTcL, row.volumeUnit) },
              ]}
            />
            <dl className="m-rows">
              {[
                { id: 'volume', label: t('delivery.column.volume'), value: span(format.volume(row.startVolumeL, row.volumeUnit), format.volume(row.endVolumeL, row.volumeUnit)) },
                { id: 'tc-volume', label: t('delivery.column.tcVolume'), value: span(format.volume(row.startTcVolumeL, row.volumeUnit), format.volume(row.endTcVolumeL, row.volumeUnit)) },
                { id: 'height', label: t('delivery.column.height'), value: span(format.height(row.startHeightMm), format.height(row.endHeightMm)) },
                { id: 'water', label: t('delivery.column.water'), value: span(format.height(row.startWaterHeightMm), format.height(row.endWaterHeightMm)) },
                { id: 'temperature', label: t('delivery.column.temperature'), value: span(format.temperature(row.startTemperatureC, row.tempUnit), format.temperature(row.endTemperatureC, row.tempUnit)) },
              ].map((item) => (
                <div key={item.id} className="m-rows__item">
                  <dt>{item.label}</dt>
                  <dd data-testid={`delivery-detail-${item.id}`}>{item.value}</dd>
                </div>
              ))}
            </dl>
            <p className="m-note">{t('delivery.column.deliveredTcHint')}</p>
          </article>
        ) : null}
      </LoadState>
    </MobilePage>
  );
}
