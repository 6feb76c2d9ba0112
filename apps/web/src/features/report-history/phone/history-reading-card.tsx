import { useTranslation } from 'react-i18next';
import type { HistoryReading, HistoryTank } from '@ullage/contracts/history';
import { stationDateTime } from '../../../lib/station-time';
import type { MonitorFormat } from '../../../lib/format';
import { Figures } from '../../../components/mobile/figures';
import { RECORD_TYPE_KEYS } from '../components/history-columns';

interface HistoryReadingCardProps {
  reading: HistoryReading;
  tank: HistoryTank;
  format: MonitorFormat;
}

/** One reading of history_can_save: its time in the station's clock and record type, every figure of the desktop row in the company's units. */
export function HistoryReadingCard({ reading, tank, format }: HistoryReadingCardProps) {
  const { t } = useTranslation();
  const volume = (litres: number | null) => format.volume(litres, tank.volumeUnit);
  return (
    <article className="m-card m-report m-report--dense" data-testid="history-card" data-ts={reading.ts}>
      <div className="m-card__head">
        <h3 className="m-card__title m-card__title--small">
          <span dir="ltr">{stationDateTime(reading.ts, tank.timezone) ?? t('common.placeholder.missing')}</span>
        </h3>
        {reading.type ? <span className="m-report__kind">{t(RECORD_TYPE_KEYS[reading.type])}</span> : null}
      </div>
      <div className="m-figures--three">
        <Figures
          testId="history-card"
          items={[
            { id: 'volume', label: t('history.column.volume'), value: <strong>{volume(reading.volumeL)}</strong> },
            { id: 'tcVolume', label: t('history.column.tcVolume'), value: volume(reading.tcVolumeL) },
            { id: 'ullage', label: t('history.column.ullage'), value: volume(reading.ullageL) },
            { id: 'height', label: t('history.column.productHeight'), value: format.height(reading.productHeightMm) },
            { id: 'water', label: t('history.column.waterHeight'), value: format.height(reading.waterHeightMm) },
            { id: 'temperature', label: t('history.column.temperature'), value: format.temperature(reading.temperatureC, tank.tempUnit) },
            { id: 'waterVolume', label: t('history.column.waterVolume'), value: volume(reading.waterVolumeL) },
            { id: 'fill', label: t('history.column.fill'), value: format.percent(reading.fillPct) },
          ]}
        />
      </div>
    </article>
  );
}
