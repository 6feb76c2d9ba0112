import { useTranslation } from 'react-i18next';
import type { ForecastRow } from '@ullage/contracts/forecast';
import type { MonitorFormat } from '../../lib/format';
import { durationText, FORECAST_REACH_DAYS, runOutLine, type DurationText } from '../../lib/run-out';
import { useMonitorFormat } from '../../lib/use-monitor-format';

/** A duration's text (run-out.ts), its numbers in the language's digits. */
export function useDuration() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  return (d: DurationText): string => {
    const v = d.values as { days?: number; hours?: number };
    return t(d.key, { days: format.count(v.days), hours: format.count(v.hours) });
  };
}

interface TankForecastProps {
  forecast: ForecastRow | undefined;
  format: MonitorFormat;
  /** The element's class: the desktop card and the phone tile style it their own way. */
  className: string;
}

/**
 * A tank's run-out line (issue 23): "Low alarm in 1 d 4 h" — or, for a tank with no low alarm
 * set, "Empty in 6 d 21 h · no low alarm set" — and on hover the low warning, empty, the
 * suggested order and what the forecast was learnt from.
 */
export function TankForecast({ forecast, format, className }: TankForecastProps) {
  const { t } = useTranslation();
  const duration = useDuration();
  const line = runOutLine(forecast);
  const text = 'duration' in line ? t(line.key, { when: duration(line.duration) }) : t(line.key, { count: FORECAST_REACH_DAYS, days: format.count(FORECAST_REACH_DAYS) });
  const title =
    forecast && line.key !== 'monitor.forecast.noData'
      ? t('monitor.forecast.cardTitle', {
          warning: forecast.lowWarningSet ? duration(durationText(forecast.hoursToLowWarning)) : t('monitor.forecast.notSet'),
          empty: duration(durationText(forecast.hoursToEmpty)),
          order: format.volume(forecast.suggestedOrderL, forecast.volumeUnit),
          fill: format.percent(forecast.fillPct),
          basis: forecast.basis.weeks > 0 ? t('monitor.forecast.basis.weeks', { count: forecast.basis.weeks, weeks: format.count(forecast.basis.weeks), source: t(`monitor.forecast.source.${forecast.basis.source}`) }) : t('monitor.forecast.basis.days', { count: forecast.basis.days, days: format.count(forecast.basis.days), source: t(`monitor.forecast.source.${forecast.basis.source}`) }),
        })
      : undefined;
  const soon = forecast?.hoursToRunOut != null && forecast.hoursToRunOut <= 24;
  return (
    <p className={`${className}${soon ? ` ${className}--soon` : ''}`} title={title} data-testid={forecast ? `tank-forecast-${forecast.tankId}` : undefined}>
      {text}
    </p>
  );
}
