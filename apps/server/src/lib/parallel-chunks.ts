/**
 * Runs `run` over `items` split into `parallel` contiguous chunks at once and joins the answers
 * in the items' order (`offset`: where a chunk starts among the items). One statement of many
 * tanks' index probes or range scans runs on one PostgreSQL backend, so on one core; split,
 * the server runs the parts on its cores side by side (the embedded database takes them in turn).
 * Lists of at most `minItems` are one statement.
 */
export async function inParallelChunks<T, R>(items: readonly T[], run: (chunk: readonly T[], offset: number) => Promise<R[]>, options: { parallel: number; minItems: number }): Promise<R[]> {
  if (items.length <= options.minItems) return run(items, 0);
  const size = Math.ceil(items.length / options.parallel);
  const parts: Promise<R[]>[] = [];
  for (let offset = 0; offset < items.length; offset += size) parts.push(run(items.slice(offset, offset + size), offset));
  return (await Promise.all(parts)).flat();
}
