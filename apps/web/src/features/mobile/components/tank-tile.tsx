import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { ForecastRow } from '@ullage/contracts/forecast';
import type { ActiveAlarm, TankLive } from '@ullage/contracts/monitor';
import { alarmName, tankLevelAlarms } from '../../../lib/alarm-names';
import type { MonitorFormat } from '../../../lib/format';
import { NO_PRODUCT_COLOR } from '../../../components/tank/product-color';
import { TankForecast } from '../../../components/tank/tank-forecast';
import { TankGauge } from '../../../components/tank/tank-gauge';
import { Figures } from '../../../components/mobile/figures';
import { tankFigures, type TankFigure } from '../../../components/tank/tank-figures';

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

/** The phone lists what a station manager checks first (how much, how much room) at the top. */
const TILE_ORDER: readonly TankFigure['id'][] = ['volume', 'ullage', 'fill', 'capacity', 'product-height', 'water-height', 'temperature', 'tc-volume'];

/** One tank on a phone: product, the drawn level, and the figures a station manager checks. */
export function TankTile({ tank, tempUnit, volumeUnit, timeZone, alarms, format, forecast, forecastLoaded = false }: TankTileProps) {
  const { t } = useTranslation();
  const own = tankLevelAlarms(alarms, tank.code);
  const testId = `tank-${tank.code}`;
  const figures = tankFigures(t, format, tank, tempUnit, volumeUnit);
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
          {own.map((alarm) => (
            <Tag key={alarm.id} color="red">
              {alarmName(t, alarm.kind, alarm.code)}
            </Tag>
          ))}
        </p>
      ) : null}
      {forecastLoaded ? <TankForecast forecast={forecast} format={format} className="m-tank__forecast" /> : null}
      <div className="m-tank__gauge">
        <TankGauge tank={tank} format={format} length={320} />
      </div>
      <Figures
        testId={testId}
        items={TILE_ORDER.map((id) => figures.find((figure) => figure.id === id)!)}
      />
      <p className="m-tank__updated">
        {t('monitor.tank.updated')}: <time dateTime={tank.ts ?? undefined}>{format.dateTime(tank.ts, timeZone)}</time>
      </p>
    </article>
  );
}
