import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import type { HistorySeries } from '@ullage/contracts/history';
import { isCelsius, isLitres, temperatureFromC, volumeFromLitres } from '@ullage/domain/units';
import { zoneOffsetMs } from '@ullage/domain/zoned-time';
import { stationDateTime } from '../../../lib/station-time';
import type { MonitorFormat } from '../../../lib/format';
import { niceTicks, tickDecimals } from '../../../components/svg-chart/nice-ticks';
import { extent, gapLimit, indexRange, linearScale, linePath, nearestIndex, timeTicks } from '../../../components/svg-chart/trend-geometry';
import './trend-chart.css';
import { CHART_GRID, CHART_MUTED, isolate } from '../../../components/svg-chart/svg-chart-style';

interface TrendChartProps {
  series: HistorySeries;
  format: MonitorFormat;
  /** `compact`: for a phone's 330 px card (the _phone page): smaller type and margins, closer time labels. */
  layout?: 'wide' | 'compact';
  className?: string;
}

type Key = 'height' | 'water' | 'volume' | 'temperature';
const KEYS: readonly Key[] = ['height', 'water', 'volume', 'temperature'];
const COLORS: Record<Key, string> = { height: '#1677ff', water: '#13a8a8', volume: '#fa8c16', temperature: '#cf1322' };
const NAMES = {
  height: 'history.chart.productHeight',
  water: 'history.chart.waterHeight',
  volume: 'history.chart.volume',
  temperature: 'history.chart.temperature',
} as const satisfies Record<Key, string>;
/** A drag shorter than this is a click (or a shaky tap), not a range to zoom to. */
const DRAG_PX = 5;
/** An axis name's baseline above its panel's top. */
const NAME_RISE = 13;
const AXIS = '#d9d9d9';

/** SVG does not measure text before drawing it; labels are digits and separators, about 0.62 em wide. */
const textWidth = (labels: readonly string[], font: number) => Math.max(0, ...labels.map((l) => l.length)) * font * 0.62;

/**
 * The trend of spec §5 for one tank: product and water height (mm, left axis) and volume (the
 * company's unit, right axis) over time, and temperature in a smaller panel below sharing the
 * time axis. Drag across the plot to zoom in; hover (or the arrow keys) shows a reading. Times
 * are the station's own clock; time runs left to right in every language. Drawn as SVG by hand:
 * a chart library cost 160 KB gzip or more on a route with 10 KB to spare (DESIGN.md §8). Measured
 * against uPlot 1.6.32 (issue 37): this chart is 3.7 KB gzip of script and 0.6 KB of CSS, uPlot
 * 22 KB and 0.8 KB before the code that would set it up. uPlot's canvas serves series of 100,000
 * points better; the server sends at most the points the chart draws (bucketed means,
 * report-history), where SVG is as quick, prints sharp on paper and keeps its text selectable
 * and named for screen readers. So this one stays.
 */
export function TrendChart({ series, format, layout = 'wide', className = 'history-chart' }: TrendChartProps) {
  const { t, i18n } = useTranslation();
  const { tank, ts } = series;
  const compact = layout === 'compact';
  const plot = useRef<HTMLDivElement | null>(null);
  const clip = useId().replace(/[^\w-]/g, '');
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [hidden, setHidden] = useState<readonly Key[]>([]);
  const [zoom, setZoom] = useState<readonly [number, number] | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const [byKeys, setByKeys] = useState(false);
  const [drag, setDrag] = useState<{ start: number; end: number } | null>(null);

  // New readings (another tank, another range) start unzoomed; the index hovered means nothing in them.
  const [shown, setShown] = useState(series);
  if (shown !== series) {
    setShown(series);
    setZoom(null);
    setHover(null);
  }

  useEffect(() => {
    const el = plot.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry!.contentRect;
      setSize((old) => (old && old.width === Math.round(width) && old.height === Math.round(height) ? old : { width: Math.round(width), height: Math.round(height) }));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  /** Each series in the unit it is drawn and read in. */
  const values = useMemo(
    (): Record<Key, readonly number[]> => ({
      height: series.productHeightMm,
      water: series.waterHeightMm,
      volume: series.volumeL.map((v) => volumeFromLitres(v, tank.volumeUnit)),
      temperature: series.temperatureC.map((c) => temperatureFromC(c, tank.tempUnit)),
    }),
    [series, tank],
  );
  const gap = useMemo(() => gapLimit(ts), [ts]);
  // A lone reading still gets an hour of axis around it.
  const view = useMemo(
    (): readonly [number, number] => zoom ?? (ts[0] === ts.at(-1) ? [ts[0]! - 1_800_000, ts[0]! + 1_800_000] : [ts[0]!, ts.at(-1)!]),
    [zoom, ts],
  );
  const [first, last] = indexRange(ts, view[0], view[1]);

  const drawing = useMemo(() => {
    if (!size || size.width <= 0 || size.height <= 0) return null;
    const font = compact ? 10 : 11;
    const { width, height } = size;
    // From the top: axis names, the upper panel, the temperature axis's name, its panel, two lines
    // of time. A name sits NAME_RISE above its panel, clear of the top tick's label (centred on the edge).
    const nameRow = font + 16;
    const timeRow = 2 * font + 12;
    const room = Math.max(80, height - 2 * nameRow - timeRow - 8);
    const lowerHeight = Math.max(36, Math.round(room * 0.24));
    const upper = { top: nameRow, bottom: nameRow + room - lowerHeight };
    const lower = { top: upper.bottom + nameRow + 8, bottom: upper.bottom + nameRow + 8 + lowerHeight };

    const shownKeys = KEYS.filter((k) => !hidden.includes(k));
    const ticksOf = (keys: readonly Key[], count: number) => {
      const spans = keys.filter((k) => shownKeys.includes(k)).flatMap((k) => extent(values[k], first, last) ?? []);
      return spans.length ? niceTicks(Math.min(...spans), Math.max(...spans), count) : [];
    };
    const labelsOf = (ticks: number[]) => {
      const decimals = tickDecimals(ticks);
      const number = new Intl.NumberFormat(format.locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
      return ticks.map((v) => (decimals ? number.format(v) : format.count(v)));
    };
    const upperTicks = Math.max(3, Math.round((upper.bottom - upper.top) / 50));
    const axes = {
      left: ticksOf(['height', 'water'], upperTicks),
      right: ticksOf(['volume'], upperTicks),
      temperature: ticksOf(['temperature'], 3),
    };
    const labels = { left: labelsOf(axes.left), right: labelsOf(axes.right), temperature: labelsOf(axes.temperature) };
    const left = Math.max(compact ? 30 : 48, Math.ceil(textWidth([...labels.left, ...labels.temperature], font)) + 10);
    const right = Math.max(compact ? 30 : 48, Math.ceil(textWidth(labels.right, font)) + 10);
    const x = linearScale(view, [left, width - right]);
    const yOf = (ticks: number[], panel: { top: number; bottom: number }) => linearScale([ticks[0] ?? 0, ticks.at(-1) ?? 1], [panel.bottom, panel.top]);
    const y = { left: yOf(axes.left, upper), right: yOf(axes.right, upper), temperature: yOf(axes.temperature, lower) };
    const yFor: Record<Key, typeof y.left> = { height: y.left, water: y.left, volume: y.right, temperature: y.temperature };
    // One reading either side of the view, so that lines run on to the edges (clipped there).
    const from = Math.max(0, first - 1);
    const to = Math.min(ts.length - 1, last + 1);
    const paths = shownKeys.map((k) => ({ key: k, ...linePath(ts, values[k], from, to, x, yFor[k], gap) }));
    const offsetAt = (ms: number) => {
      try {
        return zoneOffsetMs(ms, tank.timezone);
      } catch {
        return 0; // a zone this browser does not know is read as UTC, as stationDateTime reads it
      }
    };
    const times = timeTicks(view[0], view[1], width - left - right, compact ? 52 : 64, offsetAt).map((ms) => {
      const text = stationDateTime(new Date(ms).toISOString(), tank.timezone) ?? '';
      return { at: x.at(ms), date: text.slice(5, 10), time: text.slice(11, 16) };
    });
    return { font, width, height, left, right, upper, lower, axes, labels, x, y, yFor, paths, times };
  }, [size, compact, hidden, values, first, last, format, view, ts, gap, tank.timezone]);

  const names = Object.fromEntries(KEYS.map((k) => [k, t(NAMES[k])])) as Record<Key, string>;
  const volumeUnit = t(isLitres(tank.volumeUnit) ? 'history.unit.litres' : 'history.unit.gallons');
  // Isolated left to right, or an Arabic name around it turns it into "F°".
  const tempUnit = `\u2066${isCelsius(tank.tempUnit) ? '°C' : '°F'}\u2069`;
  const valueOf: Record<Key, (i: number) => string> = {
    height: (i) => format.height(series.productHeightMm[i]),
    water: (i) => format.height(series.waterHeightMm[i]),
    volume: (i) => format.volume(series.volumeL[i], tank.volumeUnit),
    temperature: (i) => format.temperature(series.temperatureC[i], tank.tempUnit),
  };
  const shownKeys = KEYS.filter((k) => !hidden.includes(k));
  const dragging = drag !== null && Math.abs(drag.end - drag.start) >= DRAG_PX;
  // While a range is being dragged out, the selection is what the pointer is about.
  const reading = hover !== null && hover >= first && hover <= last && !dragging ? hover : null;
  const readingTime = reading === null ? '' : (stationDateTime(new Date(ts[reading]!).toISOString(), tank.timezone) ?? '');

  /** The pointer's x in the plot, or null outside the panels' width. */
  const pointerX = (e: PointerEvent<HTMLDivElement>) => {
    if (!drawing) return null;
    const px = e.clientX - e.currentTarget.getBoundingClientRect().left;
    return px >= drawing.left && px <= drawing.width - drawing.right ? px : null;
  };
  const hoverAt = (px: number | null) => {
    setByKeys(false);
    setHover(px === null || !drawing || first > last ? null : Math.min(last, Math.max(first, nearestIndex(ts, drawing.x.invert(px)))));
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const px = pointerX(e);
    if (e.button !== 0 || px === null) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    setDrag({ start: px, end: px });
    hoverAt(px);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag || !drawing) return hoverAt(pointerX(e));
    const px = e.clientX - e.currentTarget.getBoundingClientRect().left;
    setDrag({ ...drag, end: Math.min(drawing.width - drawing.right, Math.max(drawing.left, px)) });
  };
  const onPointerUp = () => {
    if (drag && drawing && Math.abs(drag.end - drag.start) >= DRAG_PX) {
      const range = [drawing.x.invert(Math.min(drag.start, drag.end)), drawing.x.invert(Math.max(drag.start, drag.end))] as const;
      const [a, b] = indexRange(ts, range[0], range[1]);
      // A range with fewer than two readings would draw no line at all.
      if (b > a) {
        setZoom(range);
        setHover(null);
      }
    }
    setDrag(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (first > last) return;
    const moves: Record<string, (i: number | null) => number> = {
      ArrowLeft: (i) => (i === null ? last : Math.max(first, i - 1)),
      ArrowRight: (i) => (i === null ? first : Math.min(last, i + 1)),
      Home: () => first,
      End: () => last,
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      setByKeys(true);
      setHover(move(reading));
    } else if (e.key === 'Escape') setHover(null);
  };
  const toggle = (key: Key) => setHidden((old) => (old.includes(key) ? old.filter((k) => k !== key) : [...old, key]));

  const d = drawing;
  const hx = d && reading !== null ? d.x.at(ts[reading]!) : null;
  const panels = d ? [d.upper, d.lower] : [];
  const tooltipLines = reading === null ? [] : shownKeys.map((k) => ({ key: k, text: `${names[k]}: `, value: valueOf[k](reading) }));
  return (
    <div
      className={`trend-chart${compact ? ' trend-chart--compact' : ''} ${className}`}
      dir="ltr"
      data-testid="history-chart"
      data-points={ts.length}
      data-bucket-seconds={series.bucketSeconds}
      data-view-from={view[0]}
      data-view-to={view[1]}
      data-rendered={d ? 'true' : 'false'}
    >
      <div className="trend-chart__legend" dir={i18n.dir()}>
        {KEYS.map((k) => (
          <button key={k} type="button" className="trend-chart__legend-item" aria-pressed={!hidden.includes(k)} data-series={k} onClick={() => toggle(k)}>
            <span className="trend-chart__swatch" style={hidden.includes(k) ? undefined : { background: COLORS[k] }} />
            {names[k]}
          </button>
        ))}
        {zoom ? (
          <Button size="small" onClick={() => setZoom(null)} data-testid="history-chart-reset">
            {t('history.chart.resetZoom')}
          </Button>
        ) : null}
      </div>
      <div
        ref={plot}
        className="trend-chart__plot"
        role="img"
        aria-label={t('history.chart.label', { station: tank.stationName, tank: tank.tankCode })}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDrag(null)}
        onPointerLeave={() => {
          if (!drag) setHover(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setHover(null)}
      >
        {d ? (
          // Drawn at the measured size; the viewBox lets a printed page scale it as a whole (no resize runs there).
          <svg width="100%" height="100%" viewBox={`0 0 ${d.width} ${d.height}`} fontSize={d.font} fill={CHART_MUTED} aria-hidden="true">
            <defs>
              {panels.map((p, i) => (
                <clipPath key={i} id={`${clip}-${i}`}>
                  <rect x={d.left} y={p.top - 2} width={Math.max(0, d.width - d.left - d.right)} height={p.bottom - p.top + 4} />
                </clipPath>
              ))}
            </defs>
            {/* Grid lines follow the left axis; the volume's own ticks only label the right edge (as a second set would cross them). */}
            {(d.axes.left.length ? d.axes.left.map((v) => d.y.left.at(v)) : d.axes.right.map((v) => d.y.right.at(v)))
              .concat(d.axes.temperature.map((v) => d.y.temperature.at(v)))
              .map((py, i) => (
                <line key={i} x1={d.left} x2={d.width - d.right} y1={py} y2={py} stroke={CHART_GRID} />
              ))}
            {panels.map((p, i) => (
              <line key={i} x1={d.left} x2={d.width - d.right} y1={p.bottom} y2={p.bottom} stroke={AXIS} />
            ))}
            <g textAnchor="end">
              {d.axes.left.map((v, i) => (
                <text key={`l${i}`} x={d.left - 6} y={d.y.left.at(v)} dominantBaseline="middle">
                  {d.labels.left[i]}
                </text>
              ))}
              {d.axes.temperature.map((v, i) => (
                <text key={`t${i}`} x={d.left - 6} y={d.y.temperature.at(v)} dominantBaseline="middle">
                  {d.labels.temperature[i]}
                </text>
              ))}
            </g>
            <g textAnchor="start">
              {d.axes.right.map((v, i) => (
                <text key={i} x={d.width - d.right + 6} y={d.y.right.at(v)} dominantBaseline="middle">
                  {d.labels.right[i]}
                </text>
              ))}
            </g>
            <text x={2} y={d.upper.top - NAME_RISE}>
              {isolate(t('history.chart.heightAxis'))}
            </text>
            <text x={d.width - 2} y={d.upper.top - NAME_RISE} textAnchor="end">
              {isolate(`${names.volume} (${volumeUnit})`)}
            </text>
            <text x={2} y={d.lower.top - NAME_RISE}>
              {isolate(`${names.temperature} (${tempUnit})`)}
            </text>
            <g textAnchor="middle">
              {d.times.map((tick) => (
                <g key={tick.at}>
                  <line x1={tick.at} x2={tick.at} y1={d.lower.bottom} y2={d.lower.bottom + 4} stroke={AXIS} />
                  <text x={tick.at} y={d.lower.bottom + d.font + 6}>
                    {tick.date}
                  </text>
                  <text x={tick.at} y={d.lower.bottom + 2 * d.font + 9}>
                    {tick.time}
                  </text>
                </g>
              ))}
            </g>
            {d.paths.map((p) => (
              <path
                key={p.key}
                d={p.d}
                data-series={p.key}
                data-count={p.points}
                clipPath={`url(#${clip}-${p.key === 'temperature' ? 1 : 0})`}
                fill="none"
                stroke={COLORS[p.key]}
                strokeWidth={1.5}
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            ))}
            {hx !== null && reading !== null ? (
              <g data-testid="history-chart-hover">
                {panels.map((p, i) => (
                  <line key={i} x1={hx} x2={hx} y1={p.top} y2={p.bottom} stroke="rgba(0, 0, 0, 0.35)" strokeDasharray="3 3" />
                ))}
                {shownKeys
                  .filter((k) => Number.isFinite(values[k][reading]))
                  .map((k) => (
                    <circle key={k} cx={hx} cy={d.yFor[k].at(values[k][reading]!)} r={3.5} fill="#fff" stroke={COLORS[k]} strokeWidth={2} />
                  ))}
              </g>
            ) : null}
            {drag && dragging ? (
              <rect x={Math.min(drag.start, drag.end)} y={d.upper.top} width={Math.abs(drag.end - drag.start)} height={d.lower.bottom - d.upper.top} fill="rgba(22, 119, 255, 0.12)" />
            ) : null}
          </svg>
        ) : null}
        {d && hx !== null && reading !== null ? (
          <div
            className="trend-chart__tooltip"
            data-testid="history-chart-tooltip"
            dir={i18n.dir()}
            // Beside the line, on the side with more room.
            style={hx < d.width / 2 ? { left: hx + 12, top: d.upper.top + 4 } : { left: hx - 12, top: d.upper.top + 4, transform: 'translateX(-100%)' }}
          >
            <div dir="ltr">{readingTime}</div>
            {tooltipLines.map((line) => (
              <div key={line.key} data-series={line.key}>
                <i style={{ background: COLORS[line.key] }} />
                {line.text}
                <b>{line.value}</b>
              </div>
            ))}
          </div>
        ) : null}
      </div>
      {/* What the arrow keys reached, read out (the plot itself is an image to assistive technology). */}
      <div className="visually-hidden" aria-live="polite">
        {byKeys && reading !== null ? [readingTime, ...tooltipLines.map((l) => `${l.text}${l.value}`)].join('; ') : ''}
      </div>
    </div>
  );
}
