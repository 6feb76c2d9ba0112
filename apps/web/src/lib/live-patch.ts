import type { ActiveAlarm, LiveEvent, MonitorOverview, StationMonitor, StationStatus, StationSummary, TankLive, TankReadingLive } from '@ullage/contracts/monitor';

/**
 * How a live event changes what the monitor pages already hold, as pure functions over the
 * cached answers of GET /api/monitor/station/:id and /overview. Each returns the very same
 * object when the event changes nothing, so react-query leaves the page alone.
 */

/** The overview keeps at most this many of today's alarms, as the server sends them. */
export const TODAY_ALARMS_KEPT = 50;

const newer = (a: string | null, b: string | null): string | null => {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
};

const byStartDesc = (a: ActiveAlarm, b: ActiveAlarm) => Date.parse(b.startedAt) - Date.parse(a.startedAt);

/** Merges each reading into its tank by tankId; the tank's settings (code, product, thresholds) stay. */
function mergeTanks(current: readonly TankLive[], readings: readonly TankReadingLive[]): TankLive[] {
  const updates = new Map(readings.map((reading) => [reading.tankId, reading]));
  return current.map((tank) => {
    const update = updates.get(tank.tankId);
    if (!update) return tank;
    // A late reading (resent batch) must not roll a tank back.
    if (tank.ts && update.ts && Date.parse(update.ts) < Date.parse(tank.ts)) return tank;
    return { ...tank, ...update };
  });
}

/** Keeps the list of a station's open alarms: an ended alarm leaves, a new one comes first. */
function mergeActiveAlarm(alarms: readonly ActiveAlarm[], alarm: ActiveAlarm): ActiveAlarm[] {
  const others = alarms.filter((a) => a.id !== alarm.id);
  return alarm.endedAt ? others : [alarm, ...others].sort(byStartDesc);
}

export function patchStationMonitor(monitor: StationMonitor, event: LiveEvent): StationMonitor {
  if (event.stationId !== monitor.station.id) return monitor;
  switch (event.type) {
    case 'inventory': {
      const tanks = mergeTanks(monitor.tanks, event.tanks);
      // A tank added since the page loaded has no settings here; the next refetch brings it.
      if (tanks.every((tank, i) => tank === monitor.tanks[i])) return monitor;
      const lastDataAt = event.tanks.reduce<string | null>((latest, tank) => newer(latest, tank.ts), monitor.station.lastDataAt);
      const volumeL = tanks.reduce((sum, tank) => sum + (tank.volumeL ?? 0), 0);
      return { ...monitor, tanks, station: { ...monitor.station, lastDataAt, volumeL } };
    }
    case 'sensors': {
      if (event.sensors.length === 0) return monitor;
      const updates = new Map(event.sensors.map((sensor) => [sensor.sensorNo, sensor]));
      const sensors = monitor.sensors.map((sensor) => {
        const update = updates.get(sensor.sensorNo);
        updates.delete(sensor.sensorNo);
        return update ?? sensor;
      });
      return { ...monitor, sensors: [...sensors, ...updates.values()] };
    }
    case 'status': {
      const { station } = monitor;
      const lastDataAt = newer(station.lastDataAt, event.lastDataAt);
      if (station.status === event.status && station.lastDataAt === lastDataAt) return monitor;
      return { ...monitor, station: { ...station, status: event.status, lastDataAt } };
    }
    case 'alarm': {
      const known = monitor.alarms.some((a) => a.id === event.alarm.id);
      if (!known && event.alarm.endedAt) return monitor;
      const alarms = mergeActiveAlarm(monitor.alarms, event.alarm);
      return { ...monitor, alarms, station: { ...monitor.station, activeAlarmCount: alarms.length } };
    }
  }
}

const COUNT_OF: Record<StationStatus, 'online' | 'offline' | 'alarm'> = { online: 'online', offline: 'offline', alarm: 'alarm' };

function withStation(overview: MonitorOverview, stationId: number, change: (station: StationSummary) => StationSummary): MonitorOverview {
  const index = overview.stations.findIndex((s) => s.id === stationId);
  const station = overview.stations[index];
  if (!station) return overview;
  const changed = change(station);
  if (changed === station) return overview;
  const stations = overview.stations.slice();
  stations[index] = changed;
  return { ...overview, stations };
}

/**
 * The overview takes status changes, alarms and the time of the last data at once; volumes
 * and products (sums over tanks it does not hold) come with the next refetch.
 */
export function patchOverview(overview: MonitorOverview, event: LiveEvent): MonitorOverview {
  switch (event.type) {
    case 'inventory':
      return withStation(overview, event.stationId, (station) => {
        const lastDataAt = event.tanks.reduce<string | null>((latest, tank) => newer(latest, tank.ts), station.lastDataAt);
        return lastDataAt === station.lastDataAt ? station : { ...station, lastDataAt };
      });
    case 'status': {
      const index = overview.stations.findIndex((s) => s.id === event.stationId);
      const station = overview.stations[index];
      if (!station) return overview;
      const lastDataAt = newer(station.lastDataAt, event.lastDataAt);
      if (station.status === event.status && station.lastDataAt === lastDataAt) return overview;
      const stations = overview.stations.slice();
      stations[index] = { ...station, status: event.status, lastDataAt };
      const counts = { ...overview.counts };
      if (station.status !== event.status) {
        counts[COUNT_OF[station.status]] = Math.max(0, counts[COUNT_OF[station.status]] - 1);
        counts[COUNT_OF[event.status]] += 1;
      }
      return { ...overview, stations, counts };
    }
    case 'alarm': {
      const { alarm } = event;
      const known = overview.todayAlarms.some((a) => a.id === alarm.id);
      if (known) {
        return { ...overview, todayAlarms: overview.todayAlarms.map((a) => (a.id === alarm.id ? alarm : a)) };
      }
      // An alarm that ended without being listed today started on another day.
      if (alarm.endedAt) return overview;
      const todayAlarms = [alarm, ...overview.todayAlarms].sort(byStartDesc).slice(0, TODAY_ALARMS_KEPT);
      return { ...overview, todayAlarms, todayAlarmCount: overview.todayAlarmCount + 1 };
    }
    case 'sensors':
      return overview;
  }
}
