/**
 * The height → volume curve of a tank's table as an SVG path (the tab "height-volume table"),
 * with round-number ticks on both axes. Pure, so the drawing is tested without a browser.
 */
export interface CurvePoint {
  heightMm: number;
  volumeL: number;
}

export interface CurveLayout {
  width: number;
  height: number;
  /** Room for the tick labels: left, bottom, right, top. */
  padding: { left: number; bottom: number; right: number; top: number };
}

export interface CurveDrawing {
  /** `M x y L x y …` through the points in height order; empty for fewer than two points. */
  path: string;
  xTicks: { value: number; at: number }[];
  yTicks: { value: number; at: number }[];
}

/** A "nice" step (1, 2 or 5 × 10ⁿ) giving about `count` ticks up to `max`. */
export function niceStep(max: number, count = 5): number {
  if (!(max > 0)) return 1;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
}

function ticks(max: number, toPixel: (v: number) => number): { value: number; at: number }[] {
  const step = niceStep(max);
  const out: { value: number; at: number }[] = [];
  for (let v = 0; v <= max + step / 1e6; v += step) out.push({ value: Math.round(v * 1e6) / 1e6, at: toPixel(v) });
  return out;
}

/** Heights along x (to the tank's height at least), volumes up y (to its volume at least). */
export function drawCurve(points: readonly CurvePoint[], tank: { heightMm: number; volumeL: number }, layout: CurveLayout): CurveDrawing {
  const sorted = [...points].filter((p) => Number.isFinite(p.heightMm) && Number.isFinite(p.volumeL)).sort((a, b) => a.heightMm - b.heightMm);
  const maxX = Math.max(tank.heightMm, ...sorted.map((p) => p.heightMm), 1);
  const maxY = Math.max(tank.volumeL, ...sorted.map((p) => p.volumeL), 1);
  const { width, height, padding } = layout;
  const plotW = width - padding.left - padding.right;
  const plotH = height - padding.top - padding.bottom;
  const x = (v: number) => Math.round((padding.left + (v / maxX) * plotW) * 10) / 10;
  const y = (v: number) => Math.round((padding.top + plotH - (v / maxY) * plotH) * 10) / 10;
  const path = sorted.length < 2 ? '' : sorted.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.heightMm)} ${y(p.volumeL)}`).join(' ');
  return { path, xTicks: ticks(maxX, x), yTicks: ticks(maxY, y) };
}
