/** Province / city / district, skipping the empty parts. */
export function joinRegion(parts: readonly (string | null | undefined)[]): string {
  return parts.map((part) => (part ?? '').trim()).filter(Boolean).join(' / ');
}
