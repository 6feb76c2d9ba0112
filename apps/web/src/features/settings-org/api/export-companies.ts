import { downloadFile } from '../../../components/list-page/download';

/** GET /api/company/export: the filtered list as .xlsx, headers in the interface language. */
export function exportCompanies(query: Record<string, string | number>, fallbackName: string): Promise<void> {
  return downloadFile('/api/company/export', query, fallbackName);
}
