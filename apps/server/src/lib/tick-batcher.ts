/**
 * Collects the keys asked for during one turn of the event loop and answers them with one
 * call. Device reports committed by one group transaction are answered together; each asked
 * for its station's waiting commands with a query of its own, a round trip per report. Now
 * the group's reports share one query.
 */
export class TickBatcher<K, V> {
  private pending = new Map<K, { resolve: (value: V) => void; reject: (error: unknown) => void }[]>();
  private scheduled = false;

  constructor(private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>, private readonly missing: V) {}

  load(key: K): Promise<V> {
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush() {
    const batch = this.pending;
    this.pending = new Map();
    this.scheduled = false;
    try {
      const values = await this.loadMany([...batch.keys()]);
      for (const [key, waiting] of batch) for (const w of waiting) w.resolve(values.get(key) ?? this.missing);
    } catch (error) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
    }
  }
}
