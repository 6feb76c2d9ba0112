/**
 * What the hand-drawn SVG charts (trend, leak test, reconciliation) share: the greys of their
 * text and grid, and the isolation of a label's text.
 */
export const CHART_MUTED = 'rgba(0, 0, 0, 0.55)';
export const CHART_GRID = '#f0f0f0';

/** Text an Arabic axis name wraps: isolated, so its brackets stay in place in the left-to-right SVG. */
export const isolate = (text: string) => `\u2068${text}\u2069`;
