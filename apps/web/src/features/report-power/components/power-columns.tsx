import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { SortOrder } from '../../../components/list-page/list-query';
import { stationDateTime } from '../../../lib/station-time';
import type { MonitorFormat } from '../../../lib/format';
import type { PowerLine } from '../power-filters-state';
import { TankLabel } from '../../../components/report-cells/report-cells';
import { durationText, STATE_KEYS } from '../power-event-text';

interface ColumnOptions {
  t: TFunction;
  format: MonitorFormat;
  toleranceL: number;
  sortOrderOf: (field: string) => SortOrder | null;
}

/**
 * One line per tank of each power-off; the power-off's cells (station, times, duration) span
 * its tanks' lines. Times in the station's zone, volumes and temperatures in its company's units.
 */
export function powerColumns({ t, format, toleranceL, sortOrderOf }: ColumnOptions): ColumnsType<PowerLine> {
  const missing = t('common.placeholder.missing');
  const spanned = (line: PowerLine) => ({ rowSpan: line.span });
  const time = (iso: string, line: PowerLine) => <span dir="ltr">{stationDateTime(iso, line.event.timezone) ?? missing}</span>;
  const volume = (litres: number | null | undefined, line: PowerLine) => format.volume(litres, line.event.volumeUnit);
  const pair = (a: string, b: string) => (
    <span className="power-pair" dir="ltr">
      {a} → {b}
    </span>
  );
  return [
    {
      title: t('power.column.station'),
      key: 'stationName',
      sorter: true,
      sortOrder: sortOrderOf('stationName'),
      width: 190,
      fixed: 'start',
      onCell: spanned,
      render: (_, line) => (
        <Tooltip title={`${line.event.companyName}${line.event.areaName ? ` · ${line.event.areaName}` : ''} · ${line.event.stationCode}`}>
          <bdi>{line.event.stationName}</bdi>
        </Tooltip>
      ),
    },
    { title: t('power.column.offAt'), key: 'offAt', sorter: true, sortOrder: sortOrderOf('offAt'), width: 170, onCell: spanned, render: (_, line) => time(line.event.offAt, line) },
    {
      title: t('power.column.onAt'),
      key: 'onAt',
      sorter: true,
      sortOrder: sortOrderOf('onAt'),
      width: 170,
      onCell: spanned,
      render: (_, line) =>
        line.event.onAt ? (
          time(line.event.onAt, line)
        ) : (
          <Tooltip title={line.event.state === 'missing' ? t('power.state.missingHint') : undefined}>
            <Tag color={line.event.state === 'pending' ? 'processing' : 'warning'} data-testid="power-state">
              {t(STATE_KEYS[line.event.state])}
            </Tag>
          </Tooltip>
        ),
    },
    { title: t('power.column.duration'), key: 'duration', width: 110, onCell: spanned, render: (_, line) => (line.event.durationS === null ? missing : durationText(t, line.event.durationS)) },
    {
      title: t('power.column.tank'),
      key: 'tank',
      width: 140,
      render: (_, line) =>
        line.tank ? (
          <TankLabel code={line.tank.tankCode} productName={line.tank.productName} productColor={line.tank.productColor} />
        ) : (
          missing
        ),
    },
    { title: t('power.column.volumeOff'), key: 'volumeOff', width: 120, align: 'end', render: (_, line) => volume(line.tank?.off?.volumeL, line) },
    { title: t('power.column.volumeOn'), key: 'volumeOn', width: 120, align: 'end', render: (_, line) => volume(line.tank?.on?.volumeL, line) },
    {
      title: (
        <Tooltip title={t('power.column.differenceHint', { tolerance: format.volume(toleranceL, 1) })}>
          <span>{t('power.column.difference')}</span>
        </Tooltip>
      ),
      key: 'difference',
      width: 170,
      align: 'end',
      render: (_, line) => {
        const diff = line.tank?.volumeDifferenceL;
        if (diff === null || diff === undefined) return missing;
        const text = `${diff > 0 ? '+' : ''}${volume(diff, line)}`;
        return line.tank?.flagged ? (
          <span className="power-diff power-diff--flagged" data-testid="power-flagged">
            <strong dir="ltr">{text}</strong> <Tag color="error">{t('power.flagged')}</Tag>
          </span>
        ) : (
          <span className="power-diff" dir="ltr">
            {text}
          </span>
        );
      },
    },
    { title: t('power.column.height'), key: 'height', width: 190, render: (_, line) => (line.tank?.off || line.tank?.on ? pair(format.height(line.tank.off?.productHeightMm), format.height(line.tank.on?.productHeightMm)) : missing) },
    { title: t('power.column.water'), key: 'water', width: 160, render: (_, line) => (line.tank?.off || line.tank?.on ? pair(format.height(line.tank.off?.waterHeightMm), format.height(line.tank.on?.waterHeightMm)) : missing) },
    {
      title: t('power.column.temperature'),
      key: 'temperature',
      width: 160,
      render: (_, line) =>
        line.tank?.off || line.tank?.on ? pair(format.temperature(line.tank.off?.temperatureC, line.event.tempUnit), format.temperature(line.tank.on?.temperatureC, line.event.tempUnit)) : missing,
    },
  ];
}
