import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { DataJumpRow } from '@ullage/contracts/data-jumps';
import type { SortOrder } from '../../../components/list-page/list-query';
import { stationDateTime } from '../../../lib/station-time';
import type { MonitorFormat } from '../../../lib/format';
import { jumpExplanation, jumpRuleLabel, RULE_COLOR, WATCHED } from '../jump-explanation';
import { stationColumn, tankColumn } from '../../../components/report-cells/place-columns';
import { sortableField } from '../../../components/list-page/columns';

interface ColumnOptions {
  t: TFunction;
  format: MonitorFormat;
  sortOrderOf: (field: string) => SortOrder | null;
}

/**
 * Both readings of a jump, the one before above the one that jumped (and, for a spike, the
 * one it came back at below); the value the rule watches is marked on the reading that jumped. Times read left to right in Arabic too;
 * values keep the order their locale gives them ("1,500 مم").
 */
function pair(before: string, after: string, watched: boolean, ltr = false, back?: { text: string; title: string }) {
  return (
    <span className="jump-pair" dir={ltr ? 'ltr' : undefined}>
      <bdi className="jump-pair__before">{before}</bdi>
      <bdi className={watched ? 'jump-pair__after jump-pair__after--broken' : 'jump-pair__after'}>{after}</bdi>
      {back === undefined ? null : (
        <bdi className="jump-pair__back" data-testid="jump-back" title={back.title}>
          {back.text}
        </bdi>
      )}
    </span>
  );
}

/** The data-jump list: times in each station's zone, temperatures and volumes in its company's units. */
export function jumpColumns({ t, format, sortOrderOf }: ColumnOptions): ColumnsType<DataJumpRow> {
  const missing = t('common.placeholder.missing');
  const time = (iso: string, row: DataJumpRow) => stationDateTime(iso, row.timezone) ?? missing;
  const watched = (row: DataJumpRow, value: 'height' | 'temperature' | 'volume') => WATCHED[row.rule].includes(value);
  // A spike's third line: the reading it came back at (review item 14).
  const back = (row: DataJumpRow, text: (b: NonNullable<DataJumpRow['back']>) => string) => (row.back ? { text: text(row.back), title: t('report.jumps.column.back') } : undefined);
  return [
    stationColumn(t('report.jumps.column.station'), sortOrderOf, 150),
    tankColumn(t('report.jumps.column.tank'), sortOrderOf, 130, missing),
    {
      title: t('report.jumps.column.rule'),
      ...sortableField('rule', sortOrderOf),
      width: 250,
      render: (_, row) => (
        <div className="jump-rule">
          <Tag color={RULE_COLOR[row.rule]} data-rule={row.rule}>
            {jumpRuleLabel(t, row.rule)}
          </Tag>
          <span className="jump-rule__words">{jumpExplanation(t, format, row)}</span>
        </div>
      ),
    },
    {
      title: (
        <span className="jump-head">
          {t('report.jumps.column.time')}
          <small>{t('report.jumps.column.beforeAfter')}</small>
        </span>
      ),
      ...sortableField('ts', sortOrderOf),
      width: 170,
      render: (_, row) => pair(time(row.prevTs, row), time(row.ts, row), false, true, back(row, (b) => time(b.ts, row))),
    },
    {
      title: t('report.jumps.column.height'),
      key: 'height',
      width: 110,
      align: 'end',
      render: (_, row) => pair(format.height(row.prevProductHeightMm), format.height(row.productHeightMm), watched(row, 'height'), false, back(row, (b) => format.height(b.productHeightMm))),
    },
    {
      title: t('report.jumps.column.temperature'),
      key: 'temperature',
      width: 100,
      align: 'end',
      render: (_, row) =>
        pair(
          format.temperature(row.prevTemperatureC, row.tempUnit),
          format.temperature(row.temperatureC, row.tempUnit),
          watched(row, 'temperature'),
          false,
          back(row, (b) => format.temperature(b.temperatureC, row.tempUnit)),
        ),
    },
    {
      title: t('report.jumps.column.volume'),
      key: 'volume',
      width: 120,
      align: 'end',
      render: (_, row) =>
        pair(format.volume(row.prevVolumeL, row.volumeUnit), format.volume(row.volumeL, row.volumeUnit), watched(row, 'volume'), false, back(row, (b) => format.volume(b.volumeL, row.volumeUnit))),
    },
  ];
}
