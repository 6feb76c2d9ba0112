import type { MessageKey } from '../../i18n/message-key';

/**
 * How the chart's note names the width of its buckets: in the largest whole unit (days, hours,
 * minutes, seconds). Null when the points are the readings themselves (bucketSeconds 0).
 */
export function bucketNote(bucketSeconds: number): { key: MessageKey; size: number } | null {
  if (bucketSeconds <= 0) return null;
  if (bucketSeconds % 86_400 === 0) return { key: 'history.chart.bucketDays', size: bucketSeconds / 86_400 };
  if (bucketSeconds % 3600 === 0) return { key: 'history.chart.bucketHours', size: bucketSeconds / 3600 };
  if (bucketSeconds % 60 === 0) return { key: 'history.chart.bucketMinutes', size: bucketSeconds / 60 };
  return { key: 'history.chart.bucketSeconds', size: bucketSeconds };
}
