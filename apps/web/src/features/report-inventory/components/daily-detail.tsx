import type { TFunction } from 'i18next';
import type { DailyInventoryRow } from '@ullage/contracts/inventory-report';
import { gapLength, timeOfDay } from '../../../lib/report-format';

/**
 * Why a day is abnormal, spelled out under its row: which reading came too late or too early,
 * and every gap with the readings on either side, in the station's own clock.
 */
export function DailyDetail({ row, t }: { row: DailyInventoryRow; t: TFunction }) {
  const lines: string[] = [];
  const noReadings = row.firstReadingAt === null;
  if (noReadings && (row.missingStart || row.missingEnd)) lines.push(t('inventory.detail.noReadings'));
  else {
    if (row.missingStart && row.firstReadingAt) lines.push(t('inventory.detail.missingStart', { time: timeOfDay(row.firstReadingAt, row.timezone) }));
    if (row.missingEnd && row.lastReadingAt) lines.push(t('inventory.detail.missingEnd', { time: timeOfDay(row.lastReadingAt, row.timezone) }));
  }
  if (row.inProgress) lines.push(t('inventory.detail.inProgress'));
  return (
    <div className="inventory-detail" data-testid="inventory-detail">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {row.gapCount > 0 ? (
        <>
          <p>{t('inventory.detail.gaps', { n: row.gapCount, zone: row.timezone })}</p>
          <ol className="inventory-gaps">
            {row.gaps.map((gap) => (
              <li key={gap.from}>
                <span dir="ltr">
                  {timeOfDay(gap.from, row.timezone)} → {timeOfDay(gap.to, row.timezone)}
                </span>{' '}
                <span className="list-page__muted">{t('inventory.detail.gapLength', { length: gapLength(gap.from, gap.to) })}</span>
              </li>
            ))}
          </ol>
          {row.gapCount > row.gaps.length ? <p className="list-page__muted">{t('inventory.detail.moreGaps', { n: row.gapCount - row.gaps.length })}</p> : null}
        </>
      ) : null}
    </div>
  );
}
