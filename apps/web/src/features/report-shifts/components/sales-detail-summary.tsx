import { DataTable } from '../../../components/data-table/data-table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { SalesDetail } from '@ullage/contracts/shift-sales';
import { stationDateTime } from '../../../lib/station-time';
import type { MonitorFormat } from '../../../lib/format';
import { detailVolume } from './detail-volume';
import { ProductSuffix } from '../../../components/tank/product-suffix';

/** "06:10" on the station's clock, with the date when it is not the shift's day. */
function clock(iso: string | null | undefined, detail: SalesDetail): string {
  const text = stationDateTime(iso, detail.station.timezone) ?? '';
  return text.slice(0, 10) === detail.shift.day ? text.slice(11, 16) : `${text.slice(0, 10)} ${text.slice(11, 16)}`;
}

/**
 * The figure spelled out: start − end + deliveries = sales, each term with the reading it
 * comes from and where that reading was looked for (spec §9's 15 minutes), then the deliveries.
 */
export function SalesDetailSummary({ detail, format }: { detail: SalesDetail; format: MonitorFormat }) {
  const { t } = useTranslation();
  const missing = t('common.placeholder.missing');
  const volume = (litres: number | null | undefined) => detailVolume(format.locale, litres, detail.station.volumeUnit, missing);
  const term = (label: string, value: string, note: React.ReactNode, flagged: boolean, testId: string) => (
    <div className={`detail-term${flagged ? ' detail-term--missing' : ''}`} data-testid={testId}>
      <span className="detail-term__label">{label}</span>
      <strong className="detail-term__value">{value}</strong>
      <span className="detail-term__note">{note}</span>
    </div>
  );
  const s = detail.shift;
  const startNote = detail.startReading
    ? t('salesDetail.readingAt', { time: clock(detail.startReading.ts, detail) })
    : t('salesDetail.noReading', { from: clock(detail.startSearch.from, detail), to: clock(detail.startSearch.to, detail) });
  const endNote = detail.endReading
    ? t('salesDetail.readingAt', { time: clock(detail.endReading.ts, detail) })
    : s.inProgress
      ? t('shiftSales.inProgress')
      : t('salesDetail.noReading', { from: clock(detail.endSearch.from, detail), to: clock(detail.endSearch.to, detail) });
  return (
    <section className="detail-summary" aria-label={t('salesDetail.summary')}>
      <p className="detail-summary__what" data-testid="detail-what">
        <bdi>
          {detail.station.name} ({detail.station.code})
        </bdi>
        <span className="shift-tank">
          {detail.tank.productColor ? <span className="shift-tank__swatch" style={{ background: detail.tank.productColor }} aria-hidden /> : null}
          <span>
            <bdi>{t('shiftSales.tank', { code: detail.tank.code })}</bdi>
            <ProductSuffix name={detail.tank.productName} />
          </span>
        </span>
        <span>
          <span dir="ltr">{s.day}</span> · <bdi>{s.name}</bdi>{' '}
          <span dir="ltr">
            {clock(s.startsAt, detail)}–{clock(s.endsAt, detail)}
          </span>{' '}
          <span className="list-page__muted">({detail.station.timezone})</span>
        </span>
        {s.inProgress ? <Tag color="processing">{t('shiftSales.inProgress')}</Tag> : null}
      </p>
      <div className="detail-equation" data-testid="detail-equation">
        {term(t('salesDetail.start'), volume(detail.startReading?.volumeL), startNote, detail.missingStart, 'detail-start')}
        <span className="detail-op" aria-hidden>
          −
        </span>
        {term(t('salesDetail.end'), volume(detail.endReading?.volumeL), endNote, detail.missingEnd && !s.inProgress, 'detail-end')}
        <span className="detail-op" aria-hidden>
          +
        </span>
        {term(t('salesDetail.delivered'), volume(detail.deliveredL), t('shiftSales.deliveryCount', { count: detail.deliveries.length }), false, 'detail-delivered')}
        <span className="detail-op" aria-hidden>
          =
        </span>
        {term(
          t('salesDetail.sales'),
          detail.salesL !== null ? volume(detail.salesL) : s.inProgress ? t('shiftSales.inProgress') : t('shiftSales.unknown'),
          detail.salesL !== null ? t('shiftSales.formula') : s.inProgress ? t('salesDetail.notOver') : t('salesDetail.unknownWhy'),
          detail.salesL === null && !s.inProgress,
          'detail-sales',
        )}
      </div>
      <p className="detail-rule">{t('salesDetail.rule')}</p>
      {detail.deliveries.length > 0 ? (
        <>
          <h2 className="detail-heading">{t('salesDetail.deliveries.title')}</h2>
          <DataTable
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={detail.deliveries}
            data-testid="detail-deliveries"
            columns={[
              { title: t('salesDetail.deliveries.time'), key: 'time', render: (_, d) => <span dir="ltr">{`${clock(d.startedAt, detail)} → ${clock(d.endedAt, detail)}`}</span> },
              { title: t('salesDetail.deliveries.source'), key: 'source', render: (_, d) => t(d.source === 'device' ? 'delivery.source.device' : 'delivery.source.detected') },
              { title: t('salesDetail.deliveries.volume'), key: 'volume', render: (_, d) => <span dir="ltr">{`${volume(d.startVolumeL)} → ${volume(d.endVolumeL)}`}</span> },
              { title: t('salesDetail.delivered'), key: 'delivered', align: 'end', render: (_, d) => <strong>{volume(d.deliveredL)}</strong> },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}
