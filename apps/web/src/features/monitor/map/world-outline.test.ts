import { describe, expect, it } from 'vitest';
import { decodeArcs, outlinePath, type Topology } from './world-outline';

/** A square of 10° around (0°, 0°) made of two arcs, the second used backwards. */
const square: Topology = {
  type: 'Topology',
  transform: { scale: [1, 1], translate: [-5, -5] },
  arcs: [
    [
      [0, 0],
      [10, 0],
      [0, 10],
    ],
    [
      [0, 0],
      [0, 10],
      [10, 0],
    ],
  ],
  objects: { countries: { type: 'GeometryCollection', geometries: [{ type: 'Polygon', arcs: [[0, ~1]] }] } },
};

describe('world outline (TopoJSON to an SVG path in world units)', () => {
  it('decodes quantized, delta-encoded arcs into degrees', () => {
    expect(decodeArcs(square)).toEqual([
      [
        [-5, -5],
        [5, -5],
        [5, 5],
      ],
      [
        [-5, -5],
        [-5, 5],
        [5, 5],
      ],
    ]);
  });

  it('joins a ring’s arcs (a negative index backwards) into one closed path, in Web Mercator world units', () => {
    const d = outlinePath(square, 'countries');
    // (-5°, -5°) … (5°, 5°): x = (lon + 180) / 360 · 1000; y mirrored around the equator at 500.
    expect(d).toMatch(/^M486\.11 513\.\d+L513\.89 513\.\d+L513\.89 486\.\d+L486\.11 486\.\d+L486\.11 513\.\d+Z$/);
  });

  it('an unknown object, or one without polygons, draws nothing', () => {
    expect(outlinePath(square, 'land')).toBe('');
    expect(outlinePath({ ...square, objects: { countries: { type: 'GeometryCollection', geometries: [{ type: 'Point', arcs: undefined }] } } }, 'countries')).toBe('');
  });
});
