import type { TFunction } from 'i18next';
import { withFeedback } from '../../lib/feedback';

/** The header in which an export announces its data rows (all sheets; apps/server lib/xlsx.ts). */
export const EXPORT_ROWS_HEADER = 'x-export-rows';

/** The rows an export announces, or null when it does not say (a template, an older server). */
export function exportRowsOf(headers: Headers): number | null {
  const value = headers.get(EXPORT_ROWS_HEADER);
  const rows = value === null || value.trim() === '' ? NaN : Number(value);
  return Number.isSafeInteger(rows) && rows >= 0 ? rows : null;
}

/** Bytes received so far, as a download shows them: kilobytes under a megabyte, else megabytes. */
export function downloadSize(bytes: number, locale: string): string {
  const megabytes = bytes / 2 ** 20;
  const [value, unit, digits] = megabytes < 1 ? [bytes / 2 ** 10, 'kilobyte', 0] : [megabytes, 'megabyte', 1];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits }).format(value);
}

/**
 * "Downloading the export of 50,000 rows… 1.4 MB". The bytes are what is known as they come;
 * how far through its rows the file is, is not (the xlsx is compressed), so the rows are its size.
 */
export function downloadProgressText(t: TFunction, locale: string, receivedBytes: number, rows: number | null): string {
  const size = downloadSize(receivedBytes, locale);
  // An empty list's file (headers only) says its size alone: "the export of 0 rows" reads as a fault.
  return rows === null || rows === 0 ? t('list.export.downloading', { size }) : t('list.export.downloadingRows', { count: rows, size });
}

/** Shown only for a download that takes longer than this: a small file is saved without a flash. */
const SHOW_AFTER_MS = 400;
/** At most one update of the toast in this time, however many chunks arrive. */
const UPDATE_EVERY_MS = 250;

let serial = 0;

/**
 * One toast for one download, updated in place as bytes arrive and closed when it ends, whether
 * saved or failed. `text` is asked for only when the toast is about to change.
 */
export function downloadProgressToast(text: (receivedBytes: number) => string, now: () => number = () => performance.now()) {
  const key = `download-progress:${++serial}`;
  const started = now();
  let shownAt = -Infinity;
  let open = false;
  return {
    received(bytes: number): void {
      const at = now();
      if (at - started < SHOW_AFTER_MS || at - shownAt < UPDATE_EVERY_MS) return;
      shownAt = at;
      open = true;
      const content = text(bytes);
      withFeedback(({ message }) => {
        void message.open({ key, type: 'loading', content, duration: 0 });
      });
    },
    close(): void {
      if (!open) return;
      open = false;
      withFeedback(({ message }) => message.destroy(key));
    },
  };
}
