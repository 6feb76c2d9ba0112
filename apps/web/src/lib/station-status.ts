import type { StationStatus } from '@ullage/contracts/monitor';
import type { MessageKey } from '../i18n/message-key';

/** The three station states of spec §4, worst first (the order lists and the map draw them in). */
export const STATION_STATUS_ORDER: readonly StationStatus[] = ['alarm', 'offline', 'online'];

export const STATUS_KEYS: Record<StationStatus, MessageKey> = {
  online: 'monitor.status.online',
  offline: 'monitor.status.offline',
  alarm: 'monitor.status.alarm',
};

/** Online green, offline grey, in alarm red, on every monitor screen and the map. */
export const STATUS_COLORS: Record<StationStatus, string> = {
  online: '#389e0d',
  offline: '#8c8c8c',
  alarm: '#e8211b',
};

export const statusRank = (status: StationStatus): number => STATION_STATUS_ORDER.indexOf(status);
