import { downloadFile } from '../../../components/list-page/download';

/** GET /api/account/export: the filtered list as .xlsx, headers in the interface language. */
export function exportAccounts(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/account/export', query, fallbackName);
}
