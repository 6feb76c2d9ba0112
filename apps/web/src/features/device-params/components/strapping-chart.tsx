import { useTranslation } from 'react-i18next';
import { drawCurve, type CurvePoint } from '../chart-scale';

const LAYOUT = { width: 520, height: 320, padding: { left: 64, bottom: 40, right: 16, top: 16 } };

/** The table's curve, height (mm) along, volume (L) up; a light SVG, no chart library. */
export function StrappingChart({ points, tank }: { points: readonly CurvePoint[]; tank: { heightMm: number; volumeL: number } }) {
  const { t, i18n } = useTranslation();
  const drawing = drawCurve(points, tank, LAYOUT);
  const number = new Intl.NumberFormat(i18n.language.replace('_', '-'));
  const { width, height, padding } = LAYOUT;
  const bottom = height - padding.bottom;
  return (
    <figure className="device-params__chart" data-testid="strapping-chart">
      {/* Axes read left to right in every language: a curve is not text. */}
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t('deviceParams.strapping.chart')} direction="ltr">
        {drawing.yTicks.map((tick) => (
          <g key={`y${tick.value}`}>
            <line x1={padding.left} x2={width - padding.right} y1={tick.at} y2={tick.at} className="device-params__grid-line" />
            <text x={padding.left - 6} y={tick.at + 4} textAnchor="end" className="device-params__tick">
              {number.format(tick.value)}
            </text>
          </g>
        ))}
        {drawing.xTicks.map((tick) => (
          <text key={`x${tick.value}`} x={tick.at} y={bottom + 16} textAnchor="middle" className="device-params__tick">
            {number.format(tick.value)}
          </text>
        ))}
        <line x1={padding.left} x2={width - padding.right} y1={bottom} y2={bottom} className="device-params__axis" />
        <line x1={padding.left} x2={padding.left} y1={padding.top} y2={bottom} className="device-params__axis" />
        {drawing.path ? <path d={drawing.path} className="device-params__curve" data-testid="strapping-curve" data-points={points.length} /> : null}
        <text x={(padding.left + width - padding.right) / 2} y={height - 4} textAnchor="middle" className="device-params__axis-label">
          {t('deviceParams.strapping.height')}
        </text>
        <text x={12} y={(padding.top + bottom) / 2} textAnchor="middle" transform={`rotate(-90 12 ${(padding.top + bottom) / 2})`} className="device-params__axis-label">
          {t('deviceParams.strapping.volume')}
        </text>
      </svg>
      {!drawing.path ? <figcaption className="device-params__hint">{t('deviceParams.strapping.noCurve')}</figcaption> : null}
    </figure>
  );
}
