import { downloadFile } from '../../../components/list-page/download';

/** GET /api/alarm/export: the filtered alarms as .xlsx, in the interface language. */
export function exportAlarms(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/alarm/export', query, fallbackName);
}
