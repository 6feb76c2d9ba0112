import { useEffect, useMemo, useRef, useState } from 'react';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { init, use as registerParts, type ComposeOption, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import type { HistorySeries } from '@ullage/contracts/history';
import { isCelsius, isLitres, temperatureFromC, volumeFromLitres } from '@ullage/domain/units';
import { stationDateTime } from '../../../lib/station-time';
import type { MonitorFormat } from '../../monitor/format';

// Only what this chart draws: this module is its own chunk, loaded when a trend is first shown.
// (echarts' `use` registers parts; it is not a React hook, hence the other name.)
registerParts([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

type Option = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | DataZoomComponentOption>;

interface TrendChartProps {
  series: HistorySeries;
  format: MonitorFormat;
  /**
   * `compact`: for a phone's 330 px card (the _phone page) — the legend on two rows clear of the
   * axis names, narrower margins and type, the tooltip kept inside the chart. The wide layout's
   * fixed margins would put its legend over the axis names at that width.
   */
  layout?: 'wide' | 'compact';
  className?: string;
}

const axisName = { fontSize: 11, color: 'rgba(0, 0, 0, 0.55)' };

/** What differs between the wide and the compact layout; the series, axes and units do not. */
function layoutOf(compact: boolean) {
  if (!compact) {
    return {
      legend: {},
      tooltip: {},
      grid: [
        { left: 64, right: 72, top: 40, height: '45%' },
        // Below the first grid's two-line time labels, with room for its own axis name.
        { left: 64, right: 72, top: '72%', height: '14%' },
      ],
      slider: { bottom: 4, height: 18 },
      label: {},
      name: (_align: 'left' | 'right') => ({}),
    };
  }
  return {
    legend: { left: 'center', width: '100%', itemWidth: 14, itemHeight: 8, itemGap: 10, textStyle: { fontSize: 11 } },
    tooltip: { confine: true, textStyle: { fontSize: 12 } },
    // Two legend rows, then the axis names, then the plot.
    grid: [
      { left: 44, right: 48, top: 72, height: '44%' },
      { left: 44, right: 48, top: '77%', height: '10%' },
    ],
    slider: { bottom: 4, height: 20, left: 44, right: 48 },
    label: { fontSize: 10 },
    name: (align: 'left' | 'right') => ({ nameTextStyle: { ...axisName, align } }),
  };
}

const COLORS = { height: '#1677ff', water: '#13a8a8', volume: '#fa8c16', temperature: '#cf1322' };

/**
 * The trend of spec §5 for one tank: product and water height (mm, left axis) and volume (the
 * company's unit, right axis) over time, and temperature on a second grid below sharing the
 * time axis; zoom and pan with the wheel or the slider. Times on the axes and in the tooltip
 * are the station's own clock. Time runs left to right in every language.
 */
export function TrendChart({ series, format, layout = 'wide', className = 'history-chart' }: TrendChartProps) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement | null>(null);
  const chart = useRef<ECharts | null>(null);
  const [rendered, setRendered] = useState(false);
  const { tank } = series;

  const option = useMemo((): Option => {
    const volumeUnit = t(isLitres(tank.volumeUnit) ? 'history.unit.litres' : 'history.unit.gallons');
    const tempUnit = isCelsius(tank.tempUnit) ? '°C' : '°F';
    const pairs = (values: readonly number[], convert: (n: number) => number = (n) => n) => series.ts.map((ts, i) => [ts, convert(values[i]!)]);
    const timeLabel = (value: number) => {
      const text = stationDateTime(new Date(value).toISOString(), tank.timezone) ?? '';
      return `${text.slice(5, 10)}\n${text.slice(11, 16)}`;
    };
    const names = {
      height: t('history.chart.productHeight'),
      water: t('history.chart.waterHeight'),
      volume: t('history.chart.volume'),
      temperature: t('history.chart.temperature'),
    };
    // The tooltip reads the SI value back by index and formats it like the rest of the app.
    const formatOf: Record<string, (i: number) => string> = {
      [names.height]: (i) => format.height(series.productHeightMm[i]),
      [names.water]: (i) => format.height(series.waterHeightMm[i]),
      [names.volume]: (i) => format.volume(series.volumeL[i], tank.volumeUnit),
      [names.temperature]: (i) => format.temperature(series.temperatureC[i], tank.tempUnit),
    };
    const line = (name: string, color: string, data: number[][], yAxisIndex: number, xAxisIndex = 0): LineSeriesOption => ({
      type: 'line',
      name,
      data,
      xAxisIndex,
      yAxisIndex,
      showSymbol: false,
      lineStyle: { width: 1.5 },
      itemStyle: { color },
      emphasis: { disabled: true },
    });
    const look = layoutOf(layout === 'compact');
    return {
      animation: false,
      legend: { top: 0, ...look.legend, data: [names.height, names.water, names.volume, names.temperature] },
      tooltip: {
        ...look.tooltip,
        trigger: 'axis',
        axisPointer: { type: 'line' },
        formatter: (params) => {
          const list = Array.isArray(params) ? params : [params];
          const first = list[0] as { value: number[] } | undefined;
          const time = first ? (stationDateTime(new Date(first.value[0]!).toISOString(), tank.timezone) ?? '') : '';
          const lines = list.map((p) => {
            const { seriesName = '', marker = '', dataIndex } = p as { seriesName?: string; marker?: string; dataIndex: number };
            return `${marker as string}${seriesName}: <b>${formatOf[seriesName]?.(dataIndex) ?? ''}</b>`;
          });
          return [`<span dir="ltr">${time}</span>`, ...lines].join('<br/>');
        },
      },
      axisPointer: { link: [{ xAxisIndex: 'all' }] },
      grid: look.grid,
      dataZoom: [
        { type: 'inside', xAxisIndex: [0, 1] },
        { type: 'slider', xAxisIndex: [0, 1], ...look.slider },
      ],
      xAxis: [
        { type: 'time', gridIndex: 0, axisLabel: { formatter: timeLabel, hideOverlap: true, ...look.label } },
        { type: 'time', gridIndex: 1, axisLabel: { show: false } },
      ],
      yAxis: [
        { type: 'value', gridIndex: 0, name: t('history.chart.heightAxis'), ...look.name('left'), scale: true, axisLabel: { formatter: (v: number) => format.count(v), ...look.label } },
        { type: 'value', gridIndex: 0, name: `${names.volume} (${volumeUnit})`, ...look.name('right'), position: 'right', scale: true, splitLine: { show: false }, axisLabel: { formatter: (v: number) => format.count(v), ...look.label } },
        { type: 'value', gridIndex: 1, name: `${names.temperature} (${tempUnit})`, ...look.name('left'), scale: true, splitNumber: 2, axisLabel: { ...look.label } },
      ],
      series: [
        line(names.height, COLORS.height, pairs(series.productHeightMm), 0),
        line(names.water, COLORS.water, pairs(series.waterHeightMm), 0),
        line(names.volume, COLORS.volume, pairs(series.volumeL, (n) => Math.round(volumeFromLitres(n, tank.volumeUnit) * 10) / 10), 1),
        line(names.temperature, COLORS.temperature, pairs(series.temperatureC, (n) => Math.round(temperatureFromC(n, tank.tempUnit) * 100) / 100), 2, 1),
      ],
    };
  }, [series, tank, t, format, layout]);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const instance = init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('finished', () => setRendered(true));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    setRendered(false);
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={element}
      className={className}
      dir="ltr"
      role="img"
      aria-label={t('history.chart.label', { station: tank.stationName, tank: tank.tankCode })}
      data-testid="history-chart"
      data-points={series.ts.length}
      data-bucket-seconds={series.bucketSeconds}
      data-rendered={rendered ? 'true' : 'false'}
    />
  );
}
