import { VIEWER_ZONE_HEADER } from '@ullage/domain/zoned-time';
import { activeLanguage, i18n } from '../../i18n/i18n';
import { HTML_LANG } from '../../i18n/language-names';
import { ApiError, apiUrl, REQUEST_TIMEOUT_MS, type Query } from '../../lib/api-client';
import { toastError } from '../../lib/feedback';
import { beginLoading } from '../../lib/loading-store';
import { languageHeader } from '../../lib/request-language';
import { decideOutcome } from '../../lib/response-outcome';
import { downloadProgressText, downloadProgressToast, exportRowsOf } from './download-progress';
import { fileNameFromDisposition } from './file-name';

/**
 * Downloads a file endpoint (an .xlsx export) with the API client's cookies and `language`
 * header, and saves the blob. A JSON answer is an envelope refusing the export: it is
 * handled like any other call (toast per spec §8, ApiError). An export is streamed: its bytes
 * are read as they come, with a toast counting them (and naming the rows the server
 * announces); the timeout is for a silence, not for the whole file, and a file cut short is
 * a failed download, not a saved one.
 */
export async function downloadFile(path: string, query: Query, fallbackName: string): Promise<void> {
  const done = beginLoading();
  const controller = new AbortController();
  let timeout = window.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = {
    Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json',
    ...languageHeader(),
    // Times of no station (created at) are written in the viewer's clock, as the list shows them.
    [VIEWER_ZONE_HEADER]: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { credentials: 'include', headers, signal: controller.signal });
  } catch {
    done();
    window.clearTimeout(timeout);
    const outcome = decideOutcome({ kind: controller.signal.aborted ? 'timeout' : 'network' });
    return fail(outcome);
  }
  try {
    const type = response.headers.get('Content-Type') ?? '';
    if (!response.ok || type.includes('application/json')) {
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      const outcome = decideOutcome({ kind: 'http', status: response.status, body });
      // An envelope saying success on a file endpoint is still not a file.
      return fail(outcome.kind === 'success' ? decideOutcome({ kind: 'http', status: 500, body: undefined }) : outcome);
    }
    const rows = exportRowsOf(response.headers);
    const locale = HTML_LANG[activeLanguage()];
    const progress = downloadProgressToast((bytes) => downloadProgressText(i18n.t, locale, bytes, rows));
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    try {
      const reader = response.body?.getReader();
      let received = 0;
      while (reader) {
        const chunk = await reader.read();
        if (chunk.done) break;
        chunks.push(chunk.value);
        received += chunk.value.byteLength;
        window.clearTimeout(timeout);
        timeout = window.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
        progress.received(received);
      }
    } catch {
      // The connection broke, or the server cut the file short on an error, or it fell silent.
      return fail(decideOutcome({ kind: controller.signal.aborted ? 'timeout' : 'network' }));
    } finally {
      progress.close();
    }
    save(new Blob(chunks, { type }), fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName);
  } finally {
    done();
    window.clearTimeout(timeout);
  }
}

function fail(outcome: ReturnType<typeof decideOutcome>): never {
  if (outcome.kind === 'success') throw new ApiError('unexpected', null);
  const message = outcome.message;
  const text = 'server' in message ? message.server : i18n.t(message.key);
  toastError(text, 'durationMs' in outcome ? outcome.durationMs : 3000);
  throw new ApiError(text, outcome.code);
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
