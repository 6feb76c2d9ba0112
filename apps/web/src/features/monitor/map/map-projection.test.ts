import { describe, expect, it } from 'vitest';
import {
  MAX_LATITUDE,
  MAX_ZOOM,
  OUTLINE_MAX_ZOOM,
  TILE_SIZE,
  degreeLabel,
  fitView,
  fromWorld,
  graticule,
  project,
  tileUrl,
  tileZoom,
  toWorld,
  unproject,
  visibleTiles,
} from './map-projection';

const demo = [
  { lon: 121.50538, lat: 31.23594 }, // Shanghai
  { lon: -118.3217, lat: 34.09809 }, // Los Angeles
  { lon: -74.08175, lat: 4.70993 }, // Bogotá
  { lon: -3.68866, lat: 40.46366 }, // Madrid
];

describe('Web Mercator', () => {
  it.each([
    [{ lon: -180, lat: MAX_LATITUDE }, { x: 0, y: 0 }],
    [{ lon: 0, lat: 0 }, { x: 0.5, y: 0.5 }],
    [{ lon: 180, lat: -MAX_LATITUDE }, { x: 1, y: 1 }],
    [{ lon: 90, lat: 0 }, { x: 0.75, y: 0.5 }],
  ])('%o lies at world %o', (position, world) => {
    const p = toWorld(position);
    expect(p.x).toBeCloseTo(world.x, 9);
    expect(p.y).toBeCloseTo(world.y, 6);
  });

  it('clamps the poles instead of going to infinity', () => {
    expect(toWorld({ lon: 0, lat: 90 }).y).toBeCloseTo(0, 6);
    expect(toWorld({ lon: 0, lat: -90 }).y).toBeCloseTo(1, 6);
  });

  it('round-trips through fromWorld', () => {
    for (const position of demo) {
      const back = fromWorld(toWorld(position));
      expect(back.lon).toBeCloseTo(position.lon, 9);
      expect(back.lat).toBeCloseTo(position.lat, 9);
    }
  });

  it('agrees with the slippy-map tile formula (Shanghai, zoom 10 → 857/418)', () => {
    const { lon, lat } = demo[0]!;
    const phi = (lat * Math.PI) / 180;
    const n = 2 ** 10;
    const tileX = Math.floor(((lon + 180) / 360) * n);
    const tileY = Math.floor(((1 - Math.asinh(Math.tan(phi)) / Math.PI) / 2) * n);
    expect([tileX, tileY]).toEqual([857, 418]);
    const p = toWorld(demo[0]!);
    expect([Math.floor(p.x * n), Math.floor(p.y * n)]).toEqual([tileX, tileY]);
  });
});

describe('fitView', () => {
  it('puts every station inside the box, padding included', () => {
    const view = fitView(demo, 800, 400, 24);
    for (const position of demo) {
      const { x, y } = project(view, position);
      expect(x).toBeGreaterThanOrEqual(24 - 1e-6);
      expect(x).toBeLessThanOrEqual(800 - 24 + 1e-6);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(400);
    }
  });

  it('fills the box along the limiting axis (here the width)', () => {
    const view = fitView(demo, 800, 400, 24);
    const xs = demo.map((p) => project(view, p).x);
    expect(Math.min(...xs)).toBeCloseTo(24, 6);
    expect(Math.max(...xs)).toBeCloseTo(776, 6);
  });

  it('centres the stations', () => {
    const view = fitView([{ lon: 10, lat: 10 }, { lon: 20, lat: 20 }], 600, 600, 20);
    const a = project(view, { lon: 10, lat: 10 });
    const b = project(view, { lon: 20, lat: 20 });
    expect((a.x + b.x) / 2).toBeCloseTo(300, 6);
    expect((a.y + b.y) / 2).toBeCloseTo(300, 6);
  });

  it('shows the whole world without stations, and never a world smaller than the box', () => {
    const empty = fitView([], 500, 300);
    expect(empty.scale).toBe(500);
    expect(empty.centre).toEqual({ x: 0.5, y: 0.5 });
    const far = fitView([{ lon: -179, lat: -60 }, { lon: 179, lat: 70 }], 500, 300);
    expect(far.scale).toBeGreaterThanOrEqual(500);
  });

  it('stops at MAX_ZOOM for one station (or stations on one spot)', () => {
    const view = fitView([{ lon: 2.35, lat: 48.85 }], 400, 300);
    expect(view.scale).toBe(TILE_SIZE * 2 ** MAX_ZOOM);
    const p = project(view, { lon: 2.35, lat: 48.85 });
    expect(p.x).toBeCloseTo(200, 6);
    expect(p.y).toBeCloseTo(150, 6);
  });

  it('without tiles stops at OUTLINE_MAX_ZOOM: one station among its neighbouring countries, centred', () => {
    const view = fitView([{ lon: 121.5, lat: 31.2 }], 800, 400, 29, OUTLINE_MAX_ZOOM);
    expect(view.scale).toBe(TILE_SIZE * 2 ** OUTLINE_MAX_ZOOM);
    const p = project(view, { lon: 121.5, lat: 31.2 });
    expect([p.x, p.y].map((v) => Math.round(v))).toEqual([400, 200]);
    // About 35° of longitude across the 800 pixels.
    const degrees = (800 / view.scale) * 360;
    expect(degrees).toBeCloseTo(35.16, 1);
  });

  it('keeps the box inside the world near the poles', () => {
    const view = fitView([{ lon: 0, lat: 84 }, { lon: 10, lat: 84.5 }], 400, 400);
    expect(view.centre.y - 200 / view.scale).toBeGreaterThanOrEqual(-1e-9);
  });

  it('unproject inverts project', () => {
    const view = fitView(demo, 640, 360);
    const back = unproject(view, project(view, demo[3]!));
    expect(back.lon).toBeCloseTo(demo[3]!.lon, 6);
    expect(back.lat).toBeCloseTo(demo[3]!.lat, 6);
  });
});

describe('tiles', () => {
  it('chooses the zoom whose tiles are drawn 256–512 px wide', () => {
    const view = fitView(demo, 800, 400);
    const z = tileZoom(view);
    const size = view.scale / 2 ** z;
    expect(size).toBeGreaterThanOrEqual(TILE_SIZE);
    expect(size).toBeLessThan(2 * TILE_SIZE);
  });

  it('covers the whole box, with wrapped columns and rows inside the world', () => {
    const view = fitView(demo, 800, 400);
    const tiles = visibleTiles(view);
    const count = 2 ** tileZoom(view);
    expect(Math.min(...tiles.map((t) => t.left))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.left + t.size))).toBeGreaterThanOrEqual(800);
    expect(Math.min(...tiles.map((t) => t.top))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.top + t.size))).toBeGreaterThanOrEqual(400);
    for (const tile of tiles) {
      expect(tile.x).toBeGreaterThanOrEqual(0);
      expect(tile.x).toBeLessThan(count);
      expect(tile.y).toBeGreaterThanOrEqual(0);
      expect(tile.y).toBeLessThan(count);
    }
  });

  it('places a station on the tile the URL names', () => {
    const view = fitView([{ lon: 121.5, lat: 31.2 }, { lon: 121.6, lat: 31.3 }], 512, 512);
    const p = project(view, { lon: 121.55, lat: 31.25 });
    const tile = visibleTiles(view).find((t) => p.x >= t.left && p.x < t.left + t.size && p.y >= t.top && p.y < t.top + t.size)!;
    const world = toWorld({ lon: 121.55, lat: 31.25 });
    expect(tile.x).toBe(Math.floor(world.x * 2 ** tile.z));
    expect(tile.y).toBe(Math.floor(world.y * 2 ** tile.z));
  });

  it('fills in the URL template', () => {
    expect(tileUrl('https://{s}.tile.example/{z}/{x}/{y}.png', { z: 3, x: 4, y: 2 })).toBe('https://a.tile.example/3/4/2.png');
    expect(tileUrl('/tiles/{z}/{x}/{y}.png', { z: 0, x: 0, y: 0 })).toBe('/tiles/0/0/0.png');
  });
});

describe('graticule', () => {
  it('draws round meridians and parallels inside the box', () => {
    const view = fitView(demo, 800, 400);
    const grid = graticule(view);
    expect([15, 30, 45]).toContain(grid.step);
    expect(grid.meridians.length).toBeGreaterThanOrEqual(3);
    expect(grid.parallels.length).toBeGreaterThanOrEqual(2);
    for (const m of grid.meridians) {
      expect(m.lon % grid.step).toBeCloseTo(0, 9);
      expect(m.x).toBeGreaterThanOrEqual(0);
      expect(m.x).toBeLessThanOrEqual(800);
    }
    for (const p of grid.parallels) {
      expect(p.y).toBeGreaterThanOrEqual(-1e-6);
      expect(p.y).toBeLessThanOrEqual(400 + 1e-6);
    }
  });

  it('uses a fine step when zoomed in on a city', () => {
    const view = fitView([{ lon: 121.4, lat: 31.1 }, { lon: 121.6, lat: 31.3 }], 600, 400);
    expect(graticule(view).step).toBeLessThanOrEqual(0.1);
  });

  it('labels degrees with their hemisphere', () => {
    expect(degreeLabel(30, 'lat')).toBe('30°N');
    expect(degreeLabel(-15, 'lat')).toBe('15°S');
    expect(degreeLabel(-120, 'lon')).toBe('120°W');
    expect(degreeLabel(0, 'lon')).toBe('0°');
  });
});
