import { zonedTimeToUtc } from '@ullage/domain/zoned-time';

/** The instant (ms) of minute `minute` after midnight of `day` (YYYY-MM-DD) on a station's wall clock in `zone`. */
export const wallMs = (day: string, minute: number, zone: string) => {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  return zonedTimeToUtc({ year: y, month: mo, day: d, hour: Math.floor(minute / 60), minute: minute % 60, second: 0 }, zone).getTime();
};

/** Tank 1's reading at `tsMs` holding `volumeL`: 1 mm a 10 L, 5 mm of water, 18 °C, the volume at 15 °C the same. */
export const tankReading = (tsMs: number, volumeL: number) => ({
  tank: '1',
  ts: new Date(tsMs).toISOString(),
  productHeightMm: volumeL / 10,
  waterHeightMm: 5,
  temperatureC: 18,
  volumeL,
  tcVolumeL: volumeL,
});

/**
 * A probe's noise: a little linear congruential generator answering numbers in [-0.5, 0.5), the
 * same ones for the same seed, so readings made with it are noisy yet the same run after run.
 */
export function probeNoise(seed: number): () => number {
  let noise = seed;
  return () => {
    noise = (noise * 1_103_515_245 + 12_345) % 2_147_483_648;
    return noise / 2_147_483_648 - 0.5;
  };
}
