/**
 * The file name of a `Content-Disposition: attachment` header: the RFC 5987 `filename*`
 * (UTF-8, percent-encoded: localised names) before the plain `filename`. Null when absent.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return clean(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')));
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const value = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '').trim();
  return clean(value);
}

/** No folders in a download name. */
function clean(name: string): string | null {
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base ? base : null;
}
