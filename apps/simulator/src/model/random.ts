/**
 * A small seeded PRNG. The model never calls Math.random, so a seed replays a fleet exactly:
 * the same seed and the same report times give byte-identical batches (tests rely on this).
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** Roughly normal, mean 0, standard deviation 1 (sum of uniforms: cheap and bounded). */
  normal(): number;
}

/** mulberry32: 32 bits of state, fast, good enough for a simulation (not for secrets). */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    chance: (p) => next() < p,
    // Irwin–Hall with 4 terms, rescaled to unit variance: never produces wild outliers.
    normal: () => (next() + next() + next() + next() - 2) * Math.sqrt(3),
  };
}

/**
 * A seed for one named thing (a station) derived from the fleet seed, so that adding or
 * reordering stations does not change the others' streams. FNV-1a over the name.
 */
export function deriveSeed(seed: number, name: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
