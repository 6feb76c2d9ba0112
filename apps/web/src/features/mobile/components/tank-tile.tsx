import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { alarmName, tankLevelAlarms } from '../../../lib/alarm-names';
import type { TankViewProps } from '../../../components/tank/tank-view-props';
import { TankProduct } from '../../../components/tank/tank-product';
import { TankForecast } from '../../../components/tank/tank-forecast';
import { TankGauge } from '../../../components/tank/tank-gauge';
import { Figures } from '../../../components/mobile/figures';
import { tankFigures, type TankFigure } from '../../../components/tank/tank-figures';


/** The phone lists what a station manager checks first (how much, how much room) at the top. */
const TILE_ORDER: readonly TankFigure['id'][] = ['volume', 'ullage', 'fill', 'capacity', 'product-height', 'water-height', 'temperature', 'tc-volume'];

/** One tank on a phone: product, the drawn level, and the figures a station manager checks. */
export function TankTile({ tank, tempUnit, volumeUnit, timeZone, alarms, format, forecast, forecastLoaded = false }: TankViewProps) {
  const { t } = useTranslation();
  const own = tankLevelAlarms(alarms, tank.code);
  const testId = `tank-${tank.code}`;
  const figures = tankFigures(t, format, tank, tempUnit, volumeUnit);
  return (
    <article className={`m-card m-tank${own.length > 0 ? ' m-card--alarm' : ''}`} data-testid={testId}>
      <header className="m-tank__head">
        <h3 className="m-card__title">{t('monitor.tank.title', { code: tank.code })}</h3>
        <TankProduct name={tank.productName} color={tank.productColor} className="m-tank__product" swatchClassName="m-swatch" />
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
