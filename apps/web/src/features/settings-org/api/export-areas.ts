import { downloadFile } from '../../../components/list-page/download';

/** GET /api/area/export: the filtered list as .xlsx, headers in the interface language. */
export function exportAreas(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/area/export', query, fallbackName);
}
