/**
 * Web Mercator for a small station map: no map library, only the arithmetic.
 *
 * "World" coordinates are the unit square of zoom 0: x from 0 (180° W) to 1 (180° E), y from
 * 0 (85.05° N) to 1 (85.05° S). A view is a scale (pixels per world, 256 · 2^zoom for the
 * standard tiles) and the world point at the centre of the box, so pixel = (world − centre)
 * · scale + box / 2. Invariant: scale > 0.
 */

export const MAX_LATITUDE = 85.0511287798;
export const TILE_SIZE = 256;
/** Never closer than a town (about 40 m a pixel), however close the stations are. */
export const MAX_ZOOM = 12;
/**
 * Without tiles the map has only country outlines (1:110m), which say nothing closer than a
 * region: a single station is shown among its neighbouring countries (about 35° across on a
 * 800-pixel map), not alone in an empty square.
 */
export const OUTLINE_MAX_ZOOM = 5;

export interface LonLat {
  lon: number;
  lat: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface MapView {
  width: number;
  height: number;
  /** Pixels per world unit; > 0. */
  scale: number;
  centre: Point;
}

export function toWorld({ lon, lat }: LonLat): Point {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const phi = (clamped * Math.PI) / 180;
  return {
    x: (lon + 180) / 360,
    y: (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2,
  };
}

export function fromWorld({ x, y }: Point): LonLat {
  const n = Math.PI - 2 * Math.PI * y;
  return { lon: x * 360 - 180, lat: (180 / Math.PI) * Math.atan(Math.sinh(n)) };
}

export function project(view: MapView, position: LonLat): Point {
  const world = toWorld(position);
  return {
    x: (world.x - view.centre.x) * view.scale + view.width / 2,
    y: (world.y - view.centre.y) * view.scale + view.height / 2,
  };
}

export function unproject(view: MapView, pixel: Point): LonLat {
  return fromWorld({
    x: (pixel.x - view.width / 2) / view.scale + view.centre.x,
    y: (pixel.y - view.height / 2) / view.scale + view.centre.y,
  });
}

/**
 * The view that shows every position inside the box with `padding` pixels to spare: the
 * positions' bounding box centred and scaled to fit, no closer than `maxZoom`, and never so
 * far out that the world is smaller than the box. No positions: the whole world.
 */
export function fitView(positions: readonly LonLat[], width: number, height: number, padding = 24, maxZoom = MAX_ZOOM): MapView {
  const minScale = Math.max(width, height, 1);
  const maxScale = Math.max(minScale, TILE_SIZE * 2 ** maxZoom);
  if (positions.length === 0) return { width, height, scale: minScale, centre: { x: 0.5, y: 0.5 } };
  const points = positions.map(toWorld);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const usableW = Math.max(width - 2 * padding, 1);
  const usableH = Math.max(height - 2 * padding, 1);
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const fit = Math.min(spanX > 0 ? usableW / spanX : Infinity, spanY > 0 ? usableH / spanY : Infinity);
  const scale = Math.max(minScale, Math.min(maxScale, fit));
  // Keep the box inside the world from north to south: nothing to draw beyond 85°.
  const halfH = height / 2 / scale;
  const y = Math.max(halfH, Math.min(1 - halfH, (minY + maxY) / 2));
  return { width, height, scale, centre: { x: (minX + maxX) / 2, y } };
}

export interface Tile {
  z: number;
  /** Wrapped into 0 … 2^z − 1 for the URL. */
  x: number;
  y: number;
  /** Where the tile's top-left corner lands in the box, and its size on screen. */
  left: number;
  top: number;
  size: number;
}

/** The tile zoom for a view: the largest whose tiles are drawn at least TILE_SIZE wide. */
export function tileZoom(view: MapView): number {
  return Math.max(0, Math.min(MAX_ZOOM, Math.floor(Math.log2(view.scale / TILE_SIZE))));
}

/** The tiles covering the box; columns repeat across the antimeridian, rows stop at the poles. */
export function visibleTiles(view: MapView): Tile[] {
  const z = tileZoom(view);
  const count = 2 ** z;
  const size = view.scale / count;
  const left = view.centre.x - view.width / 2 / view.scale;
  const top = view.centre.y - view.height / 2 / view.scale;
  const firstCol = Math.floor(left * count);
  const lastCol = Math.floor((left + view.width / view.scale) * count - 1e-9);
  const firstRow = Math.max(0, Math.floor(top * count));
  const lastRow = Math.min(count - 1, Math.floor((top + view.height / view.scale) * count - 1e-9));
  const tiles: Tile[] = [];
  for (let row = firstRow; row <= lastRow; row++) {
    for (let col = firstCol; col <= lastCol; col++) {
      tiles.push({
        z,
        x: ((col % count) + count) % count,
        y: row,
        left: (col / count - left) * view.scale,
        top: (row / count - top) * view.scale,
        size,
      });
    }
  }
  return tiles;
}

/** `{z}/{x}/{y}` (and an optional `{s}` subdomain) filled in. */
export function tileUrl(template: string, tile: Pick<Tile, 'x' | 'y' | 'z'>): string {
  return template
    .replaceAll('{z}', String(tile.z))
    .replaceAll('{x}', String(tile.x))
    .replaceAll('{y}', String(tile.y))
    .replaceAll('{s}', 'abc'[(tile.x + tile.y) % 3] ?? 'a');
}

const GRATICULE_STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 45, 90];

export interface Graticule {
  step: number;
  /** Meridians: longitude and its x in the box. */
  meridians: { lon: number; x: number }[];
  /** Parallels: latitude and its y in the box. */
  parallels: { lat: number; y: number }[];
}

/**
 * Lines of longitude and latitude across the box, at a round step giving about `target`
 * meridians, so a map without tiles still reads as a map.
 */
export function graticule(view: MapView, target = 8): Graticule {
  const west = unproject(view, { x: 0, y: 0 }).lon;
  const east = unproject(view, { x: view.width, y: 0 }).lon;
  const north = Math.min(MAX_LATITUDE, unproject(view, { x: 0, y: 0 }).lat);
  const south = Math.max(-MAX_LATITUDE, unproject(view, { x: 0, y: view.height }).lat);
  const wanted = (east - west) / target;
  const step = GRATICULE_STEPS.find((s) => s >= wanted) ?? 90;
  const meridians: Graticule['meridians'] = [];
  for (let lon = Math.ceil(west / step) * step; lon <= east; lon += step) {
    meridians.push({ lon: round(lon), x: project(view, { lon, lat: 0 }).x });
  }
  const parallels: Graticule['parallels'] = [];
  for (let lat = Math.ceil(south / step) * step; lat <= north; lat += step) {
    parallels.push({ lat: round(lat), y: project(view, { lon: 0, lat }).y });
  }
  return { step, meridians, parallels };
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** A degree label as a map prints it: 30°N, 120°W, 0°. */
export function degreeLabel(value: number, axis: 'lon' | 'lat', format: (n: number) => string = String): string {
  const hemisphere = value === 0 ? '' : axis === 'lat' ? (value > 0 ? 'N' : 'S') : value > 0 ? 'E' : 'W';
  return `${format(Math.abs(value))}°${hemisphere}`;
}
