import { downloadFile } from '../../../components/list-page/download';

/** GET /api/station/export: the filtered list as .xlsx, headers in the interface language. */
export function exportStations(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/station/export', query, fallbackName);
}
