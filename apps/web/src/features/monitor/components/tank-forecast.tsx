import { useTranslation } from 'react-i18next';
import type { ForecastRow } from '@ullage/contracts/forecast';
import type { MonitorFormat } from '../format';
import { durationText, lowAlarmLine, type DurationText } from '../run-out';

/** A duration's text (run-out.ts). */
export function useDuration() {
  const { t } = useTranslation();
  return (d: DurationText) => t(d.key, d.values);
}

interface TankForecastProps {
  forecast: ForecastRow | undefined;
  format: MonitorFormat;
  /** The element's class: the desktop card and the phone tile style it their own way. */
  className: string;
}

/**
 * A tank's run-out line (issue 23): "Low alarm in 1 d 4 h", and on hover the low warning,
 * empty, the suggested order and what the forecast was learnt from.
 */
export function TankForecast({ forecast, format, className }: TankForecastProps) {
  const { t } = useTranslation();
  const duration = useDuration();
  const line = lowAlarmLine(forecast);
  const text = line.key === 'monitor.forecast.lowAlarmIn' ? t(line.key, { when: duration(line.duration) }) : t(line.key, { days: 14 });
  const title =
    forecast && line.key !== 'monitor.forecast.noData'
      ? t('monitor.forecast.cardTitle', {
          warning: duration(durationText(forecast.hoursToLowWarning)),
          empty: duration(durationText(forecast.hoursToEmpty)),
          order: format.volume(forecast.suggestedOrderL, forecast.volumeUnit),
          fill: format.percent(forecast.fillPct),
          basis: forecast.basis.weeks > 0 ? t('monitor.forecast.basis.weeks', { weeks: format.count(forecast.basis.weeks), source: t(`monitor.forecast.source.${forecast.basis.source}`) }) : t('monitor.forecast.basis.days', { days: format.count(forecast.basis.days), source: t(`monitor.forecast.source.${forecast.basis.source}`) }),
        })
      : undefined;
  const soon = forecast?.hoursToLowAlarm != null && forecast.hoursToLowAlarm <= 24;
  return (
    <p className={`${className}${soon ? ` ${className}--soon` : ''}`} title={title} data-testid={forecast ? `tank-forecast-${forecast.tankId}` : undefined}>
      {text}
    </p>
  );
}
