import type { ForecastRow } from '@ullage/contracts/forecast';
import type { StationMonitor, TankLive } from '@ullage/contracts/monitor';

/**
 * What a tank's view (the desktop card, the big screen's, the phone's tile) takes from its
 * station's monitor data and the forecasts: the station's units, clock and open alarms, and the
 * tank's own forecast once the forecasts have come.
 */
export function tankViewProps(data: StationMonitor, tank: TankLive, forecasts: { data?: { list: ForecastRow[] } | undefined; isSuccess: boolean }) {
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
