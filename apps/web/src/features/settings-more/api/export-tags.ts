import { downloadFile } from '../../../components/list-page/download';

/** GET /api/tag/export: the filtered list as .xlsx, headers in the interface language. */
export function exportTags(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/tag/export', query, fallbackName);
}
