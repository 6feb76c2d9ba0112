import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLitres } from '@ullage/domain/units';
import type { MonitorFormat } from '../../../lib/format';
import { niceTicks, tickLabels } from '../../../components/svg-chart/nice-ticks';
import { YAxisTitle, YGrid } from '../../../components/svg-chart/chart-axes';
import { linearScale, linePath } from '../../../components/svg-chart/trend-geometry';
import { plotFrame, valueScale } from '../../../components/svg-chart/plot-frame';
import { daySpan } from '../../../components/report-filters/report-filters-state';
import { bandPolygons, dayTicks, type VarianceChartPanel } from '../reconciliation-chart-series';
import { TankLabel } from '../../../components/report-cells/report-cells';
import { signed } from '../../../lib/report-format';
import { CHART_MUTED, isolate } from '../../../components/svg-chart/svg-chart-style';

interface VarianceChartProps {
  panel: VarianceChartPanel;
  fromDay: string;
  toDay: string;
  format: MonitorFormat;
}

const FRAME = plotFrame(420, 200, { left: 58, right: 12, top: 10, bottom: 28 });
const AXIS = '#bfbfbf';
const LINE = '#1677ff';
const BEYOND = '#cf1322';


/**
 * One tank's (group's) cumulative variance over the picked days, in its company's unit, inside
 * the monthly rule's allowance band: a line leaving the band is a tank failing the rule. Drawn as
 * SVG with the trend chart's scales, as the leak-test chart is (a chart library would cost the
 * route more than its budget, DESIGN.md §8). Days are station days; the x axis counts from the
 * first picked day.
 */
export function VarianceChart({ panel, fromDay, toDay, format }: VarianceChartProps) {
  const { t } = useTranslation();
  const days = daySpan(fromDay, toDay);
  const drawing = useMemo(() => {
    const [low, high] = panel.extent ?? [0, 0];
    const yTicks = niceTicks(Math.min(0, low), Math.max(0, high), 5);
    const x = linearScale([0, Math.max(1, days - 1)], [FRAME.left, FRAME.right]);
    const y = valueScale(yTicks, FRAME);
    const values = panel.cumulative.map((v) => (v === null ? NaN : v));
    const line = linePath(panel.x, values, 0, panel.x.length - 1, x, y);
    const band = bandPolygons(panel.x, panel.allowance, { x: x.at, y: y.at });
    const xTicks = dayTicks(days, 6);
    return { yTicks, yLabels: tickLabels(yTicks, format.locale), xTicks, x, y, line, band };
  }, [panel, days, format.locale]);

  const unit = t(isLitres(panel.volumeUnit) ? 'reconciliation.unit.litres' : 'reconciliation.unit.gallons');
  const dayLabel = (i: number) => {
    const d = new Date(`${fromDay}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return d.toISOString().slice(5, 10);
  };
  const { x, y } = drawing;
  const outside = panel.beyond.length > 0;
  return (
    <figure className={outside ? 'recon-chart recon-chart--beyond' : 'recon-chart'} data-testid="recon-chart-panel" data-key={panel.key} data-beyond={panel.beyond.length}>
      <figcaption className="recon-chart__title">
        <bdi>{panel.stationName}</bdi>
        <TankLabel code={panel.tankCode} productName={panel.productName} productColor={panel.productColor} />
        {panel.last ? (
          <span className="recon-chart__last" data-testid="recon-chart-last">
            <bdi dir="ltr">{signed(format.volume(panel.last.cumulative, panel.volumeUnit), panel.last.cumulative)}</bdi>
            {panel.last.allowance !== null ? (
              <>
                {' / '}
                <bdi dir="ltr">±{format.volume(panel.last.allowance, panel.volumeUnit)}</bdi>
              </>
            ) : null}
          </span>
        ) : null}
      </figcaption>
      <svg
        viewBox={`0 0 ${FRAME.width} ${FRAME.height}`}
        width="100%"
        role="img"
        aria-label={t('reconciliation.chart.label', { station: panel.stationName, tank: panel.tankCode, unit })}
        direction="ltr"
        fontSize={10}
        fill={CHART_MUTED}
      >
        {drawing.band.map((points, i) => (
          <polygon key={i} points={points} className="recon-chart__band" data-testid="recon-chart-band" />
        ))}
        <YGrid ticks={drawing.yTicks} labels={drawing.yLabels} y={y} left={FRAME.left} right={FRAME.right} axis={AXIS} />
        {drawing.xTicks.map((i) => (
          <text key={`x${i}`} x={x.at(i)} y={FRAME.bottom + 14} textAnchor="middle">
            {dayLabel(i)}
          </text>
        ))}
        <YAxisTitle x={10} top={FRAME.top} bottom={FRAME.bottom}>
          {isolate(unit)}
        </YAxisTitle>
        <path d={drawing.line.d} fill="none" stroke={LINE} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" data-testid="recon-chart-line" />
        {panel.beyond.map((i) => {
          const k = panel.x.indexOf(i);
          const v = panel.cumulative[k];
          return v === null || v === undefined ? null : <circle key={i} cx={x.at(i)} cy={y.at(v)} r={3.5} fill={BEYOND} data-testid="recon-chart-beyond" />;
        })}
      </svg>
    </figure>
  );
}
