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

// Only what this chart draws; its own chunk, loaded with the first trend shown.
// (echarts' `use` registers parts; it is not a React hook, hence the other name.)
registerParts([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

type Option = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | DataZoomComponentOption>;

interface HistoryPhoneChartProps {
  series: HistorySeries;
  format: MonitorFormat;
}

/** The desktop trend's colours, so a user of both reads the same lines. */
const COLORS = { height: '#1677ff', water: '#13a8a8', volume: '#fa8c16', temperature: '#cf1322' };

/**
 * The desktop trend (report-history's TrendChart) laid out for a 330 px wide card: the same
 * series, axes and units — product and water height (mm) and volume (the company's unit) above,
 * temperature below, on the station's clock — with the legend on two rows clear of the axis
 * names, narrower margins, a tooltip kept inside the chart, and pinch or slider zoom. The
 * desktop chart's fixed margins leave its legend over the axis names at this width.
 */
export function HistoryPhoneChart({ series, format }: HistoryPhoneChartProps) {
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
    const axisName = { fontSize: 11, color: 'rgba(0, 0, 0, 0.55)' };
    const compact = (v: number) => format.count(v);
    return {
      animation: false,
      legend: { top: 0, left: 'center', width: '100%', itemWidth: 14, itemHeight: 8, itemGap: 10, textStyle: { fontSize: 11 }, data: [names.height, names.water, names.volume, names.temperature] },
      tooltip: {
        trigger: 'axis',
        confine: true,
        axisPointer: { type: 'line' },
        textStyle: { fontSize: 12 },
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
      grid: [
        // Two legend rows, then the axis names, then the plot.
        { left: 44, right: 48, top: 72, height: '44%' },
        { left: 44, right: 48, top: '77%', height: '10%' },
      ],
      dataZoom: [
        { type: 'inside', xAxisIndex: [0, 1] },
        { type: 'slider', xAxisIndex: [0, 1], bottom: 4, height: 20, left: 44, right: 48 },
      ],
      xAxis: [
        { type: 'time', gridIndex: 0, axisLabel: { formatter: timeLabel, hideOverlap: true, fontSize: 10 } },
        { type: 'time', gridIndex: 1, axisLabel: { show: false } },
      ],
      yAxis: [
        { type: 'value', gridIndex: 0, name: t('history.chart.heightAxis'), nameTextStyle: { ...axisName, align: 'left' }, scale: true, axisLabel: { formatter: compact, fontSize: 10 } },
        {
          type: 'value',
          gridIndex: 0,
          name: `${names.volume} (${volumeUnit})`,
          nameTextStyle: { ...axisName, align: 'right' },
          position: 'right',
          scale: true,
          splitLine: { show: false },
          axisLabel: { formatter: compact, fontSize: 10 },
        },
        { type: 'value', gridIndex: 1, name: `${names.temperature} (${tempUnit})`, nameTextStyle: { ...axisName, align: 'left' }, scale: true, splitNumber: 2, axisLabel: { fontSize: 10 } },
      ],
      series: [
        line(names.height, COLORS.height, pairs(series.productHeightMm), 0),
        line(names.water, COLORS.water, pairs(series.waterHeightMm), 0),
        line(names.volume, COLORS.volume, pairs(series.volumeL, (n) => Math.round(volumeFromLitres(n, tank.volumeUnit) * 10) / 10), 1),
        line(names.temperature, COLORS.temperature, pairs(series.temperatureC, (n) => Math.round(temperatureFromC(n, tank.tempUnit) * 100) / 100), 2, 1),
      ],
    };
  }, [series, tank, t, format]);

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
      className="m-history-chart__canvas"
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
