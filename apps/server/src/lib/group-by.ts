/** Items by a key (a tank id, say), each list in the items' order. Node 20 has no Map.groupBy. */
export function groupBy<T, K extends string | number = number>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
