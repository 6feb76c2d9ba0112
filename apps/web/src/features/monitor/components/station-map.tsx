import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { MonitorOverview, StationStatus, StationSummary } from '@ullage/contracts/monitor';
import { useTranslation } from 'react-i18next';
import { MAX_ZOOM, OUTLINE_MAX_ZOOM, degreeLabel, fitView, graticule, project, tileUrl, visibleTiles, type MapView } from '../map/map-projection';
import { useWorldOutline } from '../map/use-world-outline';
import { WORLD_PATH_UNITS } from '../map/world-outline';
import { STATUS_COLORS, STATUS_KEYS, statusRank } from '../../../lib/station-status';
import { useElementSize } from '../use-element-size';

/** Pixels a degree label needs beside its line; closer to the edge it is left out. */
const LABEL_ROOM = 40;

type MapStation = Pick<StationSummary, 'id' | 'name' | 'code' | 'status' | 'longitude' | 'latitude'>;

interface StationMapProps {
  stations: readonly MapStation[];
  tiles: MonitorOverview['mapTiles'];
  onOpen: (stationId: number) => void;
  /** Dot radius in pixels; the big screen draws larger ones. */
  radius?: number;
  formatDegrees?: (n: number) => string;
}

interface Placed {
  station: MapStation;
  x: number;
  y: number;
}

/**
 * The stations on a Web Mercator map fitted to the box, coloured by status. Tiles are drawn
 * behind the dots when the server names a tile source; without one, or when tiles fail to
 * load (no internet), country outlines and a graticule keep it reading as a map. The map
 * is geography, so it is never mirrored in right-to-left languages.
 */
export function StationMap({ stations, tiles, onOpen, radius = 7, formatDegrees }: StationMapProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const size = useElementSize(box);
  const [hovered, setHovered] = useState<number | null>(null);
  const [failedTiles, setFailedTiles] = useState<ReadonlySet<string>>(() => new Set());

  const located = useMemo(
    () => stations.filter((s): s is MapStation & { longitude: number; latitude: number } => s.longitude !== null && s.latitude !== null),
    [stations],
  );
  const view = useMemo(
    () =>
      size && size.width > 0 && size.height > 0
        ? fitView(located.map((s) => ({ lon: s.longitude, lat: s.latitude })), size.width, size.height, radius * 3 + 8, tiles ? MAX_ZOOM : OUTLINE_MAX_ZOOM)
        : null,
    [located, size, radius, tiles],
  );
  const placed: Placed[] = useMemo(() => {
    if (!view) return [];
    return located
      .map((station) => ({ station, ...project(view, { lon: station.longitude, lat: station.latitude }) }))
      // Worst last, so a red dot is never hidden under a green one.
      .sort((a, b) => statusRank(b.station.status) - statusRank(a.station.status));
  }, [located, view]);
  const grid = useMemo(() => (view ? graticule(view) : null), [view]);
  const tileList = useMemo(() => (view && tiles ? visibleTiles(view).map((tile) => ({ ...tile, url: tileUrl(tiles.url, tile) })) : []), [view, tiles]);
  const tilesShown = tileList.some((tile) => !failedTiles.has(tile.url));
  // Without tiles (none configured, or none loads), country outlines say where the stations are.
  const outline = useWorldOutline(!tilesShown);
  const unplaced = stations.length - located.length;
  const active = placed.find((p) => p.station.id === hovered);

  const onKey = (event: KeyboardEvent, id: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(id);
    }
  };

  return (
    <div className="station-map" ref={box} dir="ltr" data-testid="station-map" role="group" aria-label={t('monitor.map.label')}>
      {view && grid ? (
        <>
          <svg className="station-map__grid" width={view.width} height={view.height} aria-hidden="true">
            {outline ? (
              <g className="station-map__land" data-testid="map-outline">
                {worldCopies(view).map((left) => (
                  <path key={left} d={outline} transform={`translate(${left} ${view.height / 2 - view.centre.y * view.scale}) scale(${view.scale / WORLD_PATH_UNITS})`} vectorEffect="non-scaling-stroke" />
                ))}
              </g>
            ) : null}
            {grid.meridians.map((m) => (
              <g key={`m${m.lon}`}>
                <line x1={m.x} x2={m.x} y1={0} y2={view.height} className="station-map__line" />
                {m.x < view.width - LABEL_ROOM ? (
                  <text x={m.x + 3} y={view.height - 4} className="station-map__degree">
                    {degreeLabel(m.lon, 'lon', formatDegrees)}
                  </text>
                ) : null}
              </g>
            ))}
            {grid.parallels.map((p) => (
              <g key={`p${p.lat}`}>
                <line x1={0} x2={view.width} y1={p.y} y2={p.y} className={`station-map__line${p.lat === 0 ? ' station-map__line--equator' : ''}`} />
                {p.y > 14 && p.y < view.height - 18 ? (
                  <text x={4} y={p.y - 3} className="station-map__degree">
                    {degreeLabel(p.lat, 'lat', formatDegrees)}
                  </text>
                ) : null}
              </g>
            ))}
          </svg>
          {tileList.length > 0 ? (
            <div className="station-map__tiles" aria-hidden="true">
              {tileList.map((tile) =>
                failedTiles.has(tile.url) ? null : (
                  <img
                    key={`${tile.left}:${tile.top}:${tile.url}`}
                    className="station-map__tile"
                    src={tile.url}
                    alt=""
                    draggable={false}
                    style={{ left: tile.left, top: tile.top, width: tile.size, height: tile.size }}
                    onError={() => setFailedTiles((old) => new Set(old).add(tile.url))}
                  />
                ),
              )}
            </div>
          ) : null}
          {/* Alarm pulses are HTML, not SVG: the compositor animates an element's transform and
              opacity by itself, while an animated SVG shape repaints the map every frame. */}
          <div className="station-map__pulses" aria-hidden="true">
            {placed.map(({ station, x, y }) =>
              station.status === 'alarm' ? <span key={station.id} className="station-map__pulse" style={{ left: x - radius * 2, top: y - radius * 2, width: radius * 4, height: radius * 4, background: STATUS_COLORS.alarm }} /> : null,
            )}
          </div>
          <svg className="station-map__dots" width={view.width} height={view.height}>
            {placed.map(({ station, x, y }) => (
              <g
                key={station.id}
                className={`station-map__station station-map__station--${station.status}`}
                transform={`translate(${x} ${y})`}
                role="link"
                tabIndex={0}
                aria-label={`${t('monitor.map.open', { name: station.name })} (${t(STATUS_KEYS[station.status])})`}
                data-testid={`map-station-${station.id}`}
                data-status={station.status}
                onClick={() => onOpen(station.id)}
                onKeyDown={(event) => onKey(event, station.id)}
                onMouseEnter={() => setHovered(station.id)}
                onMouseLeave={() => setHovered((id) => (id === station.id ? null : id))}
                onFocus={() => setHovered(station.id)}
                onBlur={() => setHovered((id) => (id === station.id ? null : id))}
              >
                <circle r={radius} fill={dotColor(station.status)} className="station-map__dot" />
              </g>
            ))}
          </svg>
          {active ? (
            <div
              className="station-map__label"
              style={{ left: active.x, top: active.y - radius - 6 }}
              role="tooltip"
              data-testid="map-tooltip"
            >
              <bdi>{active.station.name}</bdi>
              <span className="station-map__label-status" style={{ color: dotColor(active.station.status) }}>
                {t(STATUS_KEYS[active.station.status])}
              </span>
            </div>
          ) : null}
          {tiles && tilesShown ? <div className="station-map__attribution" dir="auto">{tiles.attribution}</div> : null}
          {unplaced > 0 ? <div className="station-map__unplaced" dir="auto">{t('monitor.map.unplaced', { count: unplaced })}</div> : null}
        </>
      ) : null}
    </div>
  );
}

/** Where each copy of the world that reaches into the box starts (pixels): a view may cross the antimeridian. */
function worldCopies(view: MapView): number[] {
  const first = view.width / 2 - view.centre.x * view.scale;
  return [-1, 0, 1].map((k) => first + k * view.scale).filter((left) => left < view.width && left + view.scale > 0);
}

function dotColor(status: StationStatus): string {
  return STATUS_COLORS[status];
}
