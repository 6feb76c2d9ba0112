/**
 * A message of the live alarm feed (`GET /api/sse-msg/connect`), as the server sends it and the
 * web client reads it: one shape for both. Spec §3 names the fields from `stationName` on; any
 * of them the alarm lacks is null (the client shows "--"). Beyond them: which alarm and station
 * it is (the toast links to both), the instant it started (for ordering) and the station zone's
 * offset then ("GMT+8"), shown beside `startTime` since one feed carries stations of several zones.
 */
export interface LiveAlarmMessage {
  alarmId: number;
  stationId: number;
  kind: 'level' | 'leak';
  startedAt: string;
  zone: string | null;
  stationName: string | null;
  classifyName: string | null;
  tankCode: string | null;
  sensorNo: string | null;
  sensorTypeDesc: string | null;
  alarmTypeDesc: string | null;
  startTime: string | null;
}
