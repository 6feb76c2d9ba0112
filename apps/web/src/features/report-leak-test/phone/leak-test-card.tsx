import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeakTestRow } from '@ullage/contracts/leak-test';
import type { MonitorFormat } from '../../../lib/format';
import { Figures } from '../../../components/mobile/figures';
import { LeakResultTag } from '../../../components/leak-result-tag';
import { LEAK_REASON_KEYS } from '../../../lib/leak-result';
import { decidingFigure } from '../leak-row-display';
import { ReportCardHead } from '../../../components/phone-report/report-card-head';

// The chart and its data come when a card's chart is first opened.
const LeakPeriodsChart = lazy(() => import('./leak-periods-chart').then((m) => ({ default: m.LeakPeriodsChart })));

interface LeakTestCardProps {
  row: LeakTestRow;
  format: MonitorFormat;
}

/**
 * One tank day's leak test of leak_test: the result and why, the rate against the threshold
 * and the detectable rate in the company's unit per hour, the quiet time; its quiet periods'
 * chart opened on demand.
 */
export function LeakTestCard({ row, format }: LeakTestCardProps) {
  const { t } = useTranslation();
  const [chartWanted, setChartWanted] = useState(false);
  const deciding = decidingFigure(row);
  const tone = (figure: typeof deciding) => (deciding === figure && row.result !== 'pass' ? (row.result === 'fail' ? 'alarm' : 'warn') : undefined);
  return (
    <article className={`m-card m-report${row.result === 'fail' ? ' m-card--alarm' : row.result === 'inconclusive' ? ' m-card--warn' : ''}`} data-testid="leak-card" data-result={row.result}>
      <ReportCardHead title={<span dir="ltr">{row.day}</span>} tags={<LeakResultTag result={row.result} />} place={row} />
      <p className="m-report__text">{t(LEAK_REASON_KEYS[row.reason])}</p>
      <Figures
        testId="leak-card"
        items={[
          { id: 'rate', label: t('leakTest.column.leakRate'), value: format.rate(row.leakRateLph, row.volumeUnit), ...withTone(tone('leakRate')) },
          { id: 'threshold', label: t('leakTest.column.threshold'), value: format.rate(row.thresholdLph, row.volumeUnit) },
          { id: 'mdl', label: t('leakTest.column.mdl'), value: format.rate(row.mdlLph, row.volumeUnit), ...withTone(tone('mdl')) },
          {
            id: 'quiet',
            label: t('leakTest.column.quietHours'),
            value: (
              <>
                {format.hours(row.quietHours)}
                <small>{t('leakTest.periodCount', { count: row.quietPeriods })}</small>
              </>
            ),
            ...withTone(tone('quietHours')),
          },
        ]}
      />
      {row.quietPeriods > 0 ? (
        <details className="m-details" onToggle={(event) => setChartWanted((wanted) => wanted || event.currentTarget.open)}>
          <summary data-testid="leak-card-chart">{t('leakTest.action.chart')}</summary>
          {chartWanted ? (
            <Suspense fallback={null}>
              <LeakPeriodsChart row={row} format={format} />
            </Suspense>
          ) : null}
        </details>
      ) : null}
    </article>
  );
}

function withTone(tone: 'alarm' | 'warn' | undefined): { tone?: 'alarm' | 'warn' } {
  return tone ? { tone } : {};
}
