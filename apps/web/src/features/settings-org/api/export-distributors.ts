import { downloadFile } from '../../../components/list-page/download';

/** GET /api/distributor/export: the filtered list as .xlsx, headers in the interface language. */
export function exportDistributors(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/distributor/export', query, fallbackName);
}
