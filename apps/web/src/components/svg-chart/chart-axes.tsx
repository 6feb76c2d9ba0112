import type { ReactNode } from 'react';
import { CHART_GRID } from './svg-chart-style';
import type { Scale } from './trend-geometry';

interface YGridProps {
  ticks: readonly number[];
  labels: readonly string[];
  y: Scale;
  /** The plot's left and right edges; the labels stand left of it. */
  left: number;
  right: number;
  /** The zero line's colour, darker than the grid: the line the values are read from. */
  axis: string;
}

/** The leak-test and variance charts' value axis: a grid line and a label at each tick. */
export function YGrid({ ticks, labels, y, left, right, axis }: YGridProps) {
  return ticks.map((v, i) => (
    <g key={`y${v}`}>
      <line x1={left} x2={right} y1={y.at(v)} y2={y.at(v)} stroke={v === 0 ? axis : CHART_GRID} />
      <text x={left - 6} y={y.at(v)} textAnchor="end" dominantBaseline="middle">
        {labels[i]}
      </text>
    </g>
  ));
}

/** The value axis's name, turned to read upwards along the axis, centred between `top` and `bottom`. */
export function YAxisTitle({ x, top, bottom, children }: { x: number; top: number; bottom: number; children: ReactNode }) {
  const middle = (top + bottom) / 2;
  return (
    <text x={x} y={middle} textAnchor="middle" transform={`rotate(-90 ${x} ${middle})`}>
      {children}
    </text>
  );
}
