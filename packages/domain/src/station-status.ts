/**
 * Whether a station is online, offline or in alarm (spec §4, issue 4). A station is offline
 * when nothing has arrived from it for more than 15 minutes — the same 15 minutes that
 * spec §9 calls a discontinuity in the daily inventory.
 */
export const OFFLINE_AFTER_MS = 15 * 60_000;

export type StationStatus = 'online' | 'offline' | 'alarm';

/** Offline when it never reported, or its last contact is more than 15 minutes old. */
export function isOffline(lastSeenAt: Date | null, now: Date): boolean {
  return lastSeenAt === null || now.getTime() - lastSeenAt.getTime() > OFFLINE_AFTER_MS;
}

/** Offline outranks an alarm: alarms of a silent station are stale news. */
export function stationStatus(lastSeenAt: Date | null, activeAlarmCount: number, now: Date): StationStatus {
  if (isOffline(lastSeenAt, now)) return 'offline';
  return activeAlarmCount > 0 ? 'alarm' : 'online';
}

export const CLOCK_SKEW_FLAG_S = 300;

/** Device clock minus server clock, in seconds, and whether it is far enough off to flag. */
export function clockSkew(deviceSentAt: Date, serverReceivedAt: Date): { skewSeconds: number; flagged: boolean } {
  const skewSeconds = Math.round((deviceSentAt.getTime() - serverReceivedAt.getTime()) / 1000);
  return { skewSeconds, flagged: Math.abs(skewSeconds) > CLOCK_SKEW_FLAG_S };
}
