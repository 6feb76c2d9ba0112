import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { DataJumpRow } from '@ullage/contracts/data-jumps';
import { stationDateTime } from '../../../lib/station-time';
import type { MonitorFormat } from '../../../lib/format';
import { jumpExplanation, jumpRuleLabel, RULE_COLOR, WATCHED } from '../jump-explanation';
import { CompareTable } from '../../../components/phone-report/compare-table';
import { ReportCardHead } from '../../../components/phone-report/report-card-head';

interface JumpCardProps {
  row: DataJumpRow;
  format: MonitorFormat;
}

/**
 * One data jump of alarm_record: the rule broken in words, then the reading before and the
 * one that jumped side by side, the watched value marked; times in the station's clock,
 * temperatures and volumes in its company's units.
 */
export function JumpCard({ row, format }: JumpCardProps) {
  const { t } = useTranslation();
  const missing = t('common.placeholder.missing');
  const at = stationDateTime(row.ts, row.timezone) ?? missing;
  const before = stationDateTime(row.prevTs, row.timezone) ?? missing;
  // Both readings are nearly always of the same day: the day once, in the title.
  const sameDay = at.slice(0, 10) === before.slice(0, 10);
  const time = (text: string) => <span dir="ltr">{sameDay ? text.slice(11) : text}</span>;
  const watched = (value: 'height' | 'temperature' | 'volume') => WATCHED[row.rule].includes(value);
  return (
    <article className="m-card m-report m-card--alarm" data-testid="jump-card" data-rule={row.rule}>
      <ReportCardHead title={<span dir="ltr">{sameDay ? at.slice(0, 10) : at}</span>} tags={<Tag color={RULE_COLOR[row.rule]}>{jumpRuleLabel(t, row.rule)}</Tag>} place={row} />
      <p className="m-report__text" data-testid="jump-card-explanation">
        {jumpExplanation(t, format, row)}
      </p>
      <CompareTable
        columns={[t('mobile.report.previous'), t('mobile.report.jumped')]}
        testId="jump-card-readings"
        rows={[
          { id: 'time', label: t('report.jumps.column.time'), before: time(before), after: time(at) },
          { id: 'height', label: t('report.jumps.column.height'), before: format.height(row.prevProductHeightMm), after: format.height(row.productHeightMm), marked: watched('height') },
          {
            id: 'temperature',
            label: t('report.jumps.column.temperature'),
            before: format.temperature(row.prevTemperatureC, row.tempUnit),
            after: format.temperature(row.temperatureC, row.tempUnit),
            marked: watched('temperature'),
          },
          { id: 'volume', label: t('report.jumps.column.volume'), before: format.volume(row.prevVolumeL, row.volumeUnit), after: format.volume(row.volumeL, row.volumeUnit), marked: watched('volume') },
        ]}
      />
    </article>
  );
}
