import { useTranslation } from 'react-i18next';
import type { DailyInventoryRow, InventoryReading } from '@ullage/contracts/inventory-report';
import type { MonitorFormat } from '../../../lib/format';
import { Figures } from '../../../components/mobile/figures';
import { DailyStatus } from '../components/daily-columns';
import { DailyDetail } from '../components/daily-detail';
import { timeOfDay } from '../../../lib/report-format';
import { ReportCardHead } from '../../../components/phone-report/report-card-head';

interface DailyInventoryCardProps {
  row: DailyInventoryRow;
  format: MonitorFormat;
}

/**
 * One tank's station day of abnormal_can: start and end volumes with the time of their
 * readings, deliveries and sales in the company's units, why it is abnormal (opened on demand).
 */
export function DailyInventoryCard({ row, format }: DailyInventoryCardProps) {
  const { t } = useTranslation();
  const missing = <span className="m-muted">{t('common.placeholder.missing')}</span>;
  const edge = (reading: InventoryReading | null, id: string) =>
    reading ? (
      <>
        <span data-testid={`daily-card-${id}`}>{format.volume(reading.volumeL, row.volumeUnit)}</span>
        <small dir="ltr">{timeOfDay(reading.at, row.timezone)}</small>
      </>
    ) : (
      missing
    );
  return (
    <article className={`m-card m-report${row.abnormal ? ' m-card--warn' : ''}`} data-testid="daily-card" data-day={row.day} data-tank={row.tankCode}>
      <ReportCardHead title={<span dir="ltr">{row.day}</span>} tags={<DailyStatus row={row} t={t} />} place={row} />
      <Figures
        items={[
          { id: 'start', label: t('inventory.column.start'), value: edge(row.start, 'start') },
          { id: 'end', label: t('inventory.column.end'), value: row.inProgress ? <span className="m-muted">{t('inventory.tag.inProgress')}</span> : edge(row.end, 'end') },
          {
            id: 'delivered',
            label: t('inventory.column.delivered'),
            value: (
              <>
                <span className={row.deliveredL === 0 ? 'm-muted' : undefined}>{format.volume(row.deliveredL, row.volumeUnit)}</span>
                {row.deliveryCount > 0 ? <small>{t('inventory.deliveryCount', { n: row.deliveryCount })}</small> : null}
              </>
            ),
          },
          { id: 'sales', label: t('inventory.column.sales'), value: row.salesL === null ? missing : <strong data-testid="daily-card-sales">{format.volume(row.salesL, row.volumeUnit)}</strong> },
        ]}
      />
      {row.abnormal || row.inProgress ? (
        <details className="m-details">
          <summary>{t('mobile.report.details')}</summary>
          <DailyDetail row={row} t={t} />
        </details>
      ) : null}
    </article>
  );
}
