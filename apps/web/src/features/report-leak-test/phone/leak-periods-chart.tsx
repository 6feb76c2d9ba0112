import { useTranslation } from 'react-i18next';
import type { LeakTestRow } from '@ullage/contracts/leak-test';
import type { MonitorFormat } from '../../../lib/format';
import { useLeakTestPeriods } from '../api/leak-test-periods';
import { LeakChart } from '../components/leak-chart';
import '../leak-test.css';

/** A phone card's chart of its test's quiet periods, the desktop chart at the card's width. */
export function LeakPeriodsChart({ row, format }: { row: LeakTestRow; format: MonitorFormat }) {
  const { t } = useTranslation();
  const periods = useLeakTestPeriods({ tankId: row.tankId, day: row.day });
  if (periods.isLoading) return <p className="m-muted">{t('common.loading')}</p>;
  const list = periods.data?.periods ?? [];
  if (list.length === 0) return <p className="m-muted">{periods.isError ? t('leakTest.chart.loadFailed') : t('leakTest.chart.none')}</p>;
  return <LeakChart periods={list} volumeUnit={row.volumeUnit} timezone={row.timezone} format={format} />;
}
