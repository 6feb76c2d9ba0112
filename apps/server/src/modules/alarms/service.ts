/**
 * Where alarms are opened and ended: the one entry other modules use (device alarms and the
 * server's level alarms in ingest; the leak-test, variance and run-out jobs). Every path goes
 * through the same statements, so the alarm list, the live feed, the notice settings, the
 * e-mail digest and the webhooks (changes.ts) take each alarm alike. repo.ts, which holds the SQL, stays private to this module.
 */
export { clearAlarm, clearSensorAlarms, endServerLevelAlarms, openAlarm, openServerLevelAlarms } from './changes';
export type { AlarmKey, LevelChange } from './repo';
export { activeAlarmOf } from './active-alarm';
export { endTankAlarm, openTankAlarm, type AlarmTank } from './tank-alarm';
