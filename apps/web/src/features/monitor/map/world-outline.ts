import { toWorld } from './map-projection';

/**
 * Country outlines for the station map when no tile server draws one (issue 20): Natural
 * Earth's 1:110m countries as world-atlas ships them (TopoJSON), turned into one SVG path in
 * the map's world coordinates (map-projection.ts), scaled by WORLD_PATH_UNITS so the numbers
 * stay short. The path does not depend on the view: the map scales and moves it.
 */

/** World coordinates 0…1 are written as 0…WORLD_PATH_UNITS in the path. */
export const WORLD_PATH_UNITS = 1000;

/** The parts of a TopoJSON topology this reads (quantized, delta-encoded arcs). */
export interface Topology {
  type: 'Topology';
  transform?: { scale: [number, number]; translate: [number, number] };
  arcs: [number, number][][];
  objects: Record<string, { type: 'GeometryCollection'; geometries: TopoGeometry[] }>;
}

type TopoGeometry = { type: 'Polygon'; arcs: number[][] } | { type: 'MultiPolygon'; arcs: number[][][] } | { type: string; arcs?: unknown };

/** Each arc's positions in degrees [lon, lat], undoing the quantization and delta encoding. */
export function decodeArcs(topology: Topology): [number, number][][] {
  const t = topology.transform;
  return topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      if (!t) return [dx, dy];
      x += dx;
      y += dy;
      return [x * t.scale[0] + t.translate[0], y * t.scale[1] + t.translate[1]];
    });
  });
}

/** A ring's positions: its arcs joined, a negative index (~i) meaning arc i backwards. */
function ring(arcs: [number, number][][], indexes: readonly number[]): [number, number][] {
  const points: [number, number][] = [];
  for (const index of indexes) {
    const arc = index >= 0 ? arcs[index] : arcs[~index]?.slice().reverse();
    if (!arc) continue;
    // Consecutive arcs share their end point.
    points.push(...(points.length > 0 ? arc.slice(1) : arc));
  }
  return points;
}

const n = (v: number) => Math.round(v * WORLD_PATH_UNITS * 100) / 100;

/** The polygons of one object of the topology (e.g. `countries`) as an SVG path in world units. */
export function outlinePath(topology: Topology, objectName: string): string {
  const object = topology.objects[objectName];
  if (!object) return '';
  const arcs = decodeArcs(topology);
  const parts: string[] = [];
  const addPolygon = (rings: readonly number[][]) => {
    for (const r of rings) {
      const points = ring(arcs, r);
      if (points.length < 3) continue;
      parts.push(
        points
          .map(([lon, lat], i) => {
            const w = toWorld({ lon, lat });
            return `${i === 0 ? 'M' : 'L'}${n(w.x)} ${n(w.y)}`;
          })
          .join('') + 'Z',
      );
    }
  };
  for (const g of object.geometries) {
    if (g.type === 'Polygon') addPolygon(g.arcs as number[][]);
    else if (g.type === 'MultiPolygon') for (const polygon of g.arcs as number[][][]) addPolygon(polygon);
  }
  return parts.join('');
}
