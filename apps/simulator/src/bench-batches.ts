import { MAX_BATCH_ITEMS, type DeviceReading } from '@ullage/contracts/device';

export interface BenchStation {
  code: string;
  tanks: readonly { code: string }[];
}

export interface BenchBatchOptions {
  stations: readonly BenchStation[];
  /** Readings per batch (at most the protocol's MAX_BATCH_ITEMS). */
  batchSize: number;
  /** Time of each station's first reading (ms since epoch). */
  startTs: number;
  /** Time between one tank's consecutive readings. */
  stepMs: number;
  /** Stop after this many batches; endless without it. */
  count?: number;
}

export interface BenchBatch {
  stationCode: string;
  report: { readings: DeviceReading[] };
}

/**
 * Ready-to-send batches for load tests, round-robin over the stations. Each station's stream
 * walks its tanks in turn and steps time once every tank has a reading at it, so no (tank, ts)
 * repeats and nothing is a duplicate. No physics, no PRNG: values come from cheap arithmetic,
 * and each timestamp's ISO string is made once for all tanks sharing it.
 */
export function* makeBatches(options: BenchBatchOptions): Generator<BenchBatch> {
  const { stations, batchSize, startTs, stepMs, count = Infinity } = options;
  if (!(batchSize >= 1 && batchSize <= MAX_BATCH_ITEMS)) throw new RangeError(`batchSize must be 1..${MAX_BATCH_ITEMS}`);
  if (stations.length === 0 || stations.some((s) => s.tanks.length === 0)) throw new RangeError('every station needs a tank');
  const cursors = stations.map(() => ({ i: 0, step: -1, ts: '' }));
  for (let b = 0; b < count; b++) {
    const s = b % stations.length;
    const station = stations[s]!;
    const cur = cursors[s]!;
    const n = station.tanks.length;
    const readings: DeviceReading[] = new Array(batchSize);
    for (let k = 0; k < batchSize; k++, cur.i++) {
      const step = Math.floor(cur.i / n);
      if (step !== cur.step) {
        cur.step = step;
        cur.ts = new Date(startTs + step * stepMs).toISOString();
      }
      const t = cur.i % n;
      readings[k] = {
        tank: station.tanks[t]!.code,
        ts: cur.ts,
        type: 'interval',
        // A slow saw-tooth per tank between 300 and 1800 mm: plausible, never constant, short decimals.
        productHeightMm: 300 + ((step * 7 + t * 3110) % 15000) / 10,
        waterHeightMm: 5 + t,
        temperatureC: 15 + (step % 200) / 100,
      };
    }
    yield { stationCode: station.code, report: { readings } };
  }
}
