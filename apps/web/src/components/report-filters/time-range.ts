/** A range picker's pair as the endpoint's [from, to); a cleared picker clears both. */
export function withRange<F extends { from?: string | undefined; to?: string | undefined }>(filters: F, range: readonly [Date, Date] | null): F {
  if (!range) return { ...filters, from: undefined, to: undefined };
  return { ...filters, from: range[0].toISOString(), to: range[1].toISOString() };
}
