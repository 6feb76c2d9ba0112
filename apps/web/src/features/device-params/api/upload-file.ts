import type { Envelope } from '@ullage/contracts/envelope';
import { i18n } from '../../../i18n/i18n';
import { ApiError, apiUrl, REQUEST_TIMEOUT_MS, type Query } from '../../../lib/api-client';
import { toastError } from '../../../lib/feedback';
import { beginLoading } from '../../../lib/loading-store';
import { languageHeader } from '../../../lib/request-language';
import { decideOutcome, type TransportResult } from '../../../lib/response-outcome';

/**
 * POSTs a file as the raw body (application/octet-stream) with the API client's cookies,
 * `language` header and overlay; the rest of the request is in the query. Answers like
 * apiData; a refusal rejects with ApiError (its envelope lists every problem). `notify`
 * false leaves showing the refusal to the caller (an import lists its rows in place).
 */
export async function uploadFile<T>(path: string, query: Query, file: Blob, options: { notify?: boolean } = {}): Promise<T> {
  const done = beginLoading();
  const controller = new AbortController();
  const timeout = window.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/octet-stream', ...languageHeader() };
  let result: TransportResult;
  try {
    const response = await fetch(apiUrl(path, query), { method: 'POST', credentials: 'include', headers, body: file, signal: controller.signal });
    result = { kind: 'http', status: response.status, body: await response.json().catch(() => undefined) };
  } catch {
    result = { kind: controller.signal.aborted ? 'timeout' : 'network' };
  } finally {
    window.clearTimeout(timeout);
    done();
  }
  const outcome = decideOutcome<T>(result);
  if (outcome.kind === 'success') return (outcome.envelope as Envelope<T>).data as T;
  const text = 'server' in outcome.message ? outcome.message.server : i18n.t(outcome.message.key);
  if (options.notify !== false) toastError(text, outcome.kind === 'failure' ? outcome.durationMs : 3000);
  throw new ApiError(text, outcome.code, outcome.kind === 'failure' ? outcome.envelope : undefined);
}
