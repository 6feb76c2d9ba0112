import dayjs from 'dayjs';

/** A creation time as the lists show it, in the browser's time zone. */
export function formatCreatedAt(iso: string | null | undefined): string {
  if (!iso) return '';
  const value = dayjs(iso);
  return value.isValid() ? value.format('YYYY-MM-DD HH:mm') : iso;
}

/** Province / city / district, skipping the empty parts. */
export function joinRegion(parts: readonly (string | null | undefined)[]): string {
  return parts.map((part) => (part ?? '').trim()).filter(Boolean).join(' / ');
}
