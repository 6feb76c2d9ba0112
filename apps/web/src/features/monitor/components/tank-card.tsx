import type { LeakTestStatus } from '@ullage/contracts/leak-test';
import { useTranslation } from 'react-i18next';
import { alarmName, tankLevelAlarms } from '../../../lib/alarm-names';
import type { TankViewProps } from '../../../components/tank/tank-view-props';
import { TankProduct } from '../../../components/tank/tank-product';
import { TankForecast } from '../../../components/tank/tank-forecast';
import { TankLeakTest } from './tank-leak-test';
import { TankGauge } from '../../../components/tank/tank-gauge';
import { tankFigures } from '../../../components/tank/tank-figures';

interface TankCardProps extends TankViewProps {
  /** The big screen shows fewer figures, larger. */
  compact?: boolean;
  /** The tank's latest leak test (issue 22), when the user may see them. */
  leakTest?: LeakTestStatus | undefined;
}

/** One tank: its drawing and its latest reading in the company's units. */
export function TankCard({ tank, tempUnit, volumeUnit, timeZone, alarms, format, compact = false, leakTest, forecast, forecastLoaded = false }: TankCardProps) {
  const { t } = useTranslation();
  const own = tankLevelAlarms(alarms, tank.code);
  const testId = `tank-${tank.code}`;
  const rows = tankFigures(t, format, tank, tempUnit, volumeUnit);
  const shown = compact ? rows.filter((row) => ['product-height', 'volume', 'temperature', 'water-height'].includes(row.id)) : rows;
  return (
    <article className={`tank-card${own.length > 0 ? ' tank-card--alarm' : ''}${compact ? ' tank-card--compact' : ''}`} data-testid={testId}>
      <header className="tank-card__head">
        <h3 className="tank-card__title">{t('monitor.tank.title', { code: tank.code })}</h3>
        <TankProduct name={tank.productName} color={tank.productColor} className="tank-card__product" swatchClassName="monitor-product__swatch" />
      </header>
      {leakTest ? <TankLeakTest status={leakTest} volumeUnit={volumeUnit} format={format} /> : null}
      {forecastLoaded ? <TankForecast forecast={forecast} format={format} className="tank-card__forecast" /> : null}
      <TankGauge tank={tank} format={format} showThresholds={!compact} length={compact ? 170 : 240} />
      {own.length > 0 ? (
        <ul className="tank-card__alarms">
          {own.map((alarm) => (
            <li key={alarm.id}>{alarmName(t, alarm.kind, alarm.code)}</li>
          ))}
        </ul>
      ) : null}
      <dl className="tank-card__values">
        {shown.map((row) => (
          <div key={row.id} className="tank-card__row">
            <dt>{row.label}</dt>
            <dd data-testid={`${testId}-${row.id}`}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {compact ? null : (
        <p className="tank-card__updated">
          {t('monitor.tank.updated')}: <time dateTime={tank.ts ?? undefined}>{format.dateTime(tank.ts, timeZone)}</time>
        </p>
      )}
    </article>
  );
}
