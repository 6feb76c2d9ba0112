import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeakTestPeriod } from '@ullage/contracts/leak-test';
import { isLitres } from '@ullage/domain/units';
import { stationDateTime } from '../../../lib/station-time';
import type { MonitorFormat } from '../../../lib/format';
import { niceTicks, tickLabels } from '../../../components/svg-chart/nice-ticks';
import { YAxisTitle, YGrid } from '../../../components/svg-chart/chart-axes';
import { linearScale, linePath } from '../../../components/svg-chart/trend-geometry';
import { plotFrame, valueScale } from '../../../components/svg-chart/plot-frame';
import { chartData, seriesColor } from '../leak-chart-series';
import { CHART_MUTED, isolate } from '../../../components/svg-chart/svg-chart-style';

interface LeakChartProps {
  periods: readonly LeakTestPeriod[];
  volumeUnit: number | null;
  timezone: string;
  format: MonitorFormat;
}

const FRAME = plotFrame(640, 300, { left: 60, right: 16, top: 14, bottom: 38 });
const AXIS = '#d9d9d9';


/**
 * The quiet periods of one leak test, each a line of its compensated volume's change against
 * hours since its start: a tight tank's lines lie flat, a leaking tank's fall together. Drawn
 * as SVG with the trend chart's scales (a chart library would cost the route more than its
 * budget allows, DESIGN.md §8); the legend names each period's start and its own rate, and
 * pointing at a period's entry picks its line out.
 */
export function LeakChart({ periods, volumeUnit, timezone, format }: LeakChartProps) {
  const { t, i18n } = useTranslation();
  const [active, setActive] = useState<number | null>(null);
  const data = useMemo(() => chartData(periods, volumeUnit), [periods, volumeUnit]);

  const drawing = useMemo(() => {
    const xTicks = niceTicks(0, Math.max(1, data.maxHours), 7);
    const [low, high] = data.change ?? [0, 0];
    // Zero is always on the axis: the line every period starts from.
    const yTicks = niceTicks(Math.min(0, low), Math.max(0, high), 5);
    const x = linearScale([xTicks[0] ?? 0, xTicks.at(-1) ?? 1], [FRAME.left, FRAME.right]);
    const y = valueScale(yTicks, FRAME);
    const paths = data.series.map((s) => ({ number: s.number, ...linePath(s.x, s.y, 0, s.x.length - 1, x, y) }));
    return { xTicks, yTicks, xLabels: tickLabels(xTicks, format.locale), yLabels: tickLabels(yTicks, format.locale), x, y, paths };
  }, [data, format.locale]);

  const unit = t(isLitres(volumeUnit) ? 'leakTest.unit.litres' : 'leakTest.unit.gallons');
  const when = (iso: string) => stationDateTime(iso, timezone)?.slice(0, 16) ?? '';
  const { x, y } = drawing;
  return (
    <figure className="leak-chart" data-testid="leak-chart" data-series={data.series.length}>
      <svg viewBox={`0 0 ${FRAME.width} ${FRAME.height}`} width="100%" role="img" aria-label={t('leakTest.chart.label', { count: data.series.length })} direction="ltr" fontSize={11} fill={CHART_MUTED}>
        <YGrid ticks={drawing.yTicks} labels={drawing.yLabels} y={y} left={FRAME.left} right={FRAME.right} axis={AXIS} />
        {drawing.xTicks.map((v, i) => (
          <g key={`x${v}`}>
            <line x1={x.at(v)} x2={x.at(v)} y1={FRAME.bottom} y2={FRAME.bottom + 4} stroke={AXIS} />
            <text x={x.at(v)} y={FRAME.bottom + 16} textAnchor="middle">
              {drawing.xLabels[i]}
            </text>
          </g>
        ))}
        <text x={(FRAME.left + FRAME.right) / 2} y={FRAME.height - 4} textAnchor="middle">
          {isolate(t('leakTest.chart.xAxis'))}
        </text>
        <YAxisTitle x={12} top={FRAME.top} bottom={FRAME.bottom}>
          {isolate(t('leakTest.chart.yAxis', { unit }))}
        </YAxisTitle>
        {drawing.paths.map((p) => (
          <path
            key={p.number}
            d={p.d}
            data-period={p.number}
            fill="none"
            stroke={seriesColor(p.number)}
            strokeWidth={active === p.number ? 3 : 1.5}
            strokeOpacity={active === null || active === p.number ? 1 : 0.2}
            strokeLinejoin="round"
            strokeLinecap="round"
          >
            <title>{t('leakTest.chart.period', { number: p.number, start: when(data.series[p.number - 1]!.start), rate: format.rate(data.series[p.number - 1]!.rateLph, volumeUnit) })}</title>
          </path>
        ))}
      </svg>
      <figcaption className="leak-chart__legend" dir={i18n.dir()}>
        <ol data-testid="leak-chart-legend">
          {data.series.map((s) => (
            <li
              key={s.number}
              data-period={s.number}
              className={active === s.number ? 'leak-chart__item leak-chart__item--active' : 'leak-chart__item'}
              onPointerEnter={() => setActive(s.number)}
              onPointerLeave={() => setActive(null)}
            >
              <span className="leak-chart__swatch" style={{ background: seriesColor(s.number) }} aria-hidden />
              <span className="leak-chart__number">#{s.number}</span>
              <bdi dir="ltr">{when(s.start)}</bdi>
              <span className="leak-chart__hours">{format.hours(s.hours)}</span>
              <strong className="leak-chart__rate">{format.rate(s.rateLph, volumeUnit)}</strong>
            </li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
