import { linearScale, type Scale } from './trend-geometry';

/**
 * A chart's drawing (its viewBox, width by height) and the plot inside it: the room around the
 * plot holds the axes' ticks, labels and names. Left, right, top and bottom are the plot's edges.
 */
export interface PlotFrame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The frame of a `width` × `height` drawing that leaves `room` around its plot on each side. */
export function plotFrame(width: number, height: number, room: { left: number; right: number; top: number; bottom: number }): PlotFrame {
  return { width, height, left: room.left, right: width - room.right, top: room.top, bottom: height - room.bottom };
}

/** The value axis over the ticks (first to last), from the plot's bottom edge up to its top. */
export function valueScale(ticks: readonly number[], frame: PlotFrame): Scale {
  return linearScale([ticks[0] ?? 0, ticks.at(-1) ?? 1], [frame.bottom, frame.top]);
}
