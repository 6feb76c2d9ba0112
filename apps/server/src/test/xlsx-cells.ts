import { stationTime } from '../modules/alarm-feed/message';

/**
 * What a date cell of an export holds for a station time: the station's wall clock (as the page
 * shows it), read back by ExcelJS as the Date whose UTC reading is that wall time.
 */
export const wallDate = (iso: string, timezone: string) => new Date(`${stationTime(iso, timezone).replace(' ', 'T')}Z`);
