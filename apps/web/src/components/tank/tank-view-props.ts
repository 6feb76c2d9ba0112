import type { ForecastRow } from '@ullage/contracts/forecast';
import type { ActiveAlarm, StationMonitor, TankLive } from '@ullage/contracts/monitor';
import type { MonitorFormat } from '../../lib/format';

/** What every view of a tank takes: the desktop card, the big screen's, the phone's tile. */
export interface TankViewProps {
  tank: TankLive;
  /** The station's units (spec §9) and clock. */
  tempUnit: number;
  volumeUnit: number;
  timeZone: string;
  /** The station's open alarms; those of this tank are shown on the card. */
  alarms: readonly ActiveAlarm[];
  format: MonitorFormat;
  /** The tank's run-out forecast (issue 23); the line shows once the forecasts have come. */
  forecast?: ForecastRow | undefined;
  forecastLoaded?: boolean;
}

/**
 * What a tank's view (the desktop card, the big screen's, the phone's tile) takes from its
 * station's monitor data and the forecasts: the station's units, clock and open alarms, and the
 * tank's own forecast once the forecasts have come.
 */
export function tankViewProps(data: StationMonitor, tank: TankLive, forecasts: { data?: { list: ForecastRow[] } | undefined; isSuccess: boolean }): Omit<TankViewProps, 'format'> {
  return {
    tank,
    tempUnit: data.station.tempUnit,
    volumeUnit: data.station.volumeUnit,
    timeZone: data.station.timezone,
    alarms: data.alarms,
    forecast: forecasts.data?.list.find((row) => row.tankId === tank.tankId),
    forecastLoaded: forecasts.isSuccess,
  };
}
