import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';

interface MonthProgressProps {
  finishedDays: number;
  daysInMonth: number;
  /** The viewer's number format (the reports' format.count). */
  formatCount: (n: number) => string;
  className?: string;
}

/**
 * A month in progress counts only its finished days (issue 34 item 5): "Month in progress:
 * 27 of 30 days counted", the desktop report's month cell and the phone's card both.
 */
export function MonthProgressNote({ finishedDays, daysInMonth, formatCount, className }: MonthProgressProps) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('inventory.monthProgressHint')}>
      <small className={className} data-testid="monthly-progress" data-finished={finishedDays}>
        {t('inventory.monthProgress', { count: daysInMonth, days: formatCount(finishedDays) })}
      </small>
    </Tooltip>
  );
}
