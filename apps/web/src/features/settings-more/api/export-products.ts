import { downloadFile } from '../../../components/list-page/download';

/** GET /api/product/export: the filtered list as .xlsx, headers in the interface language. */
export function exportProducts(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/product/export', query, fallbackName);
}
