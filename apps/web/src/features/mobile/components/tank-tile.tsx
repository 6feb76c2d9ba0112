import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { ForecastRow } from '@ullage/contracts/forecast';
import type { ActiveAlarm, TankLive } from '@ullage/contracts/monitor';
import { alarmNameKey } from '../../../lib/alarm-names';
import type { MonitorFormat } from '../../../lib/format';
import { NO_PRODUCT_COLOR } from '../../../components/tank/product-color';
import { TankForecast } from '../../../components/tank/tank-forecast';
import { TankGauge } from '../../../components/tank/tank-gauge';
import { Figures } from '../../../components/mobile/figures';

interface TankTileProps {
  tank: TankLive;
  tempUnit: number;
  volumeUnit: number;
  timeZone: string;
  alarms: readonly ActiveAlarm[];
  format: MonitorFormat;
  /** The tank's run-out forecast (issue 23), once the forecasts have come. */
  forecast?: ForecastRow | undefined;
  forecastLoaded?: boolean;
}

/** One tank on a phone: product, the drawn level, and the figures a station manager checks. */
export function TankTile({ tank, tempUnit, volumeUnit, timeZone, alarms, format, forecast, forecastLoaded = false }: TankTileProps) {
  const { t } = useTranslation();
  const own = alarms.filter((alarm) => alarm.kind === 'level' && alarm.tankCode === tank.code);
  const testId = `tank-${tank.code}`;
  return (
    <article className={`m-card m-tank${own.length > 0 ? ' m-card--alarm' : ''}`} data-testid={testId}>
      <header className="m-tank__head">
        <h3 className="m-card__title">{t('monitor.tank.title', { code: tank.code })}</h3>
        <span className="m-tank__product">
          <span className="m-swatch" style={{ background: tank.productColor ?? NO_PRODUCT_COLOR }} aria-hidden="true" />
          <bdi>{tank.productName ?? t('monitor.product.none')}</bdi>
        </span>
      </header>
      {own.length > 0 ? (
        <p className="m-tank__alarms">
          {own.map((alarm) => {
            const key = alarmNameKey(alarm.kind, alarm.code);
            return (
              <Tag key={alarm.id} color="red">
                {key ? t(key) : t('monitor.alarm.unknown', { code: alarm.code })}
              </Tag>
            );
          })}
        </p>
      ) : null}
      {forecastLoaded ? <TankForecast forecast={forecast} format={format} className="m-tank__forecast" /> : null}
      <div className="m-tank__gauge">
        <TankGauge tank={tank} format={format} length={320} />
      </div>
      <Figures
        testId={testId}
        items={[
          { id: 'volume', label: t('monitor.tank.volume'), value: format.volume(tank.volumeL, volumeUnit) },
          { id: 'ullage', label: t('monitor.tank.ullage'), value: format.volume(tank.ullageL, volumeUnit) },
          { id: 'fill', label: t('monitor.tank.fill'), value: format.percent(tank.fillPct) },
          { id: 'capacity', label: t('monitor.tank.capacity'), value: format.volume(tank.capacityL, volumeUnit) },
          { id: 'product-height', label: t('monitor.tank.productHeight'), value: format.height(tank.productHeightMm) },
          { id: 'water-height', label: t('monitor.tank.waterHeight'), value: format.height(tank.waterHeightMm) },
          { id: 'temperature', label: t('monitor.tank.temperature'), value: format.temperature(tank.temperatureC, tempUnit) },
          { id: 'tc-volume', label: t('monitor.tank.tcVolume'), value: format.volume(tank.tcVolumeL, volumeUnit) },
        ]}
      />
      <p className="m-tank__updated">
        {t('monitor.tank.updated')}: <time dateTime={tank.ts ?? undefined}>{format.dateTime(tank.ts, timeZone)}</time>
      </p>
    </article>
  );
}
