import type { StrappingImportResult } from '@ullage/contracts/device-commands';
import { downloadFile } from '../../../components/list-page/download';
import { uploadFile } from './upload-file';

/** GET /api/device-params/strapping-template: the xlsx template holding the tank's current table. */
export function downloadStrappingTemplate(tankId: number, fallbackName: string): Promise<void> {
  return downloadFile('/api/device-params/strapping-template', { tankId }, fallbackName);
}

/** POST /api/device-params/strapping-import: the points of a filled template, or a refusal listing every row's problem. */
export function importStrapping(tankId: number, file: File): Promise<StrappingImportResult> {
  return uploadFile<StrappingImportResult>('/api/device-params/strapping-import', { tankId, fileName: file.name }, file, { notify: false });
}
