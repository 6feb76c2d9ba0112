import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LeakCompliance } from '@ullage/contracts/leak-test';
import { LEAK_TEST_RESULTS, LEAK_WINDOW_DAYS } from '@ullage/domain/leak-detection';
import type { PageProps } from '../../../app/route-types';
import { StatusPanel } from '../../../components/status-panel';
import type { MonitorFormat } from '../../../lib/format';
import { LEAK_REASON_KEYS, LEAK_RESULT_KEYS } from '../../../lib/leak-result';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { useLeakCompliance } from '../api/leak-compliance';
import { complianceOfSearch } from '../leak-filters-state';
import { leakWindow } from '../leak-row-display';
import '../compliance.css';

/** "October 2026" in the interface language, from YYYY-MM (a calendar month, no zone in it). */
function monthName(month: string, locale: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year!, m! - 1, 1)));
}

function Facts({ items }: { items: { id: string; label: string; value: ReactNode }[] }) {
  return (
    <dl className="compliance__facts">
      {items.map((item) => (
        <div key={item.id} data-testid={`compliance-${item.id}`}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The record itself: one A4 page a station keeps for its inspector. */
function Record({ record, format }: { record: LeakCompliance; format: MonitorFormat }) {
  const { t } = useTranslation();
  const { station } = record;
  const rate = (lph: number | null) => format.rate(lph, station.volumeUnit);
  const window = leakWindow({ periodStart: record.periodStart, periodEnd: record.periodEnd, timezone: station.timezone });
  const missing = t('common.placeholder.missing');
  return (
    <article className="compliance" data-testid="compliance-record" data-month={record.month}>
      <header className="compliance__head">
        <h1>{t('leakTest.compliance.title')}</h1>
        <p className="compliance__month">{monthName(record.month, format.locale)}</p>
      </header>
      <Facts
        items={[
          { id: 'station', label: t('leakTest.compliance.stationName'), value: <bdi>{station.stationName}</bdi> },
          { id: 'code', label: t('leakTest.compliance.stationCode'), value: <bdi dir="ltr">{station.stationCode}</bdi> },
          { id: 'address', label: t('leakTest.compliance.address'), value: station.address ? <bdi>{station.address}</bdi> : missing },
          { id: 'company', label: t('leakTest.compliance.company'), value: <bdi>{station.companyName}</bdi> },
          { id: 'period', label: t('leakTest.compliance.period'), value: window ? <bdi dir="ltr">{`${window.from} – ${window.to}`}</bdi> : missing },
          { id: 'threshold', label: t('leakTest.compliance.threshold'), value: rate(record.thresholdLph) },
          { id: 'generated', label: t('leakTest.compliance.generated'), value: format.dateTime(record.generatedAt, station.timezone) },
        ]}
      />
      {record.inProgress ? (
        <p className="compliance__provisional" role="note" data-testid="compliance-provisional">
          {t('leakTest.compliance.inProgress')}
        </p>
      ) : null}
      <table className="compliance__table" data-testid="compliance-table">
        <thead>
          <tr>
            <th>{t('leakTest.column.tank')}</th>
            <th>{t('leakTest.column.product')}</th>
            <th className="compliance__number">{t('leakTest.column.capacity')}</th>
            <th className="compliance__number">{t('leakTest.column.leakRate')}</th>
            <th className="compliance__number">{t('leakTest.column.mdl')}</th>
            <th className="compliance__number">{t('leakTest.column.quietHours')}</th>
            <th>{t('leakTest.column.result')}</th>
            <th>{t('leakTest.column.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {record.tanks.length === 0 ? (
            <tr>
              <td colSpan={8}>{t('leakTest.compliance.noTanks')}</td>
            </tr>
          ) : (
            record.tanks.map((tank) => (
              <tr key={tank.tankId} data-tank={tank.tankCode} data-result={tank.result}>
                <td>
                  <bdi>{tank.tankCode}</bdi>
                </td>
                <td>{tank.productName ? <bdi>{tank.productName}</bdi> : missing}</td>
                <td className="compliance__number">{format.volume(tank.capacityL, station.volumeUnit)}</td>
                <td className="compliance__number">{rate(tank.leakRateLph)}</td>
                <td className="compliance__number">{rate(tank.mdlLph)}</td>
                <td className="compliance__number">{format.hours(tank.quietHours)}</td>
                <td>
                  <span className={`compliance__result compliance__result--${tank.result}`}>{t(LEAK_RESULT_KEYS[tank.result])}</span>
                </td>
                <td>{t(LEAK_REASON_KEYS[tank.reason])}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <section className="compliance__method">
        <h2>{t('leakTest.compliance.method.title')}</h2>
        <p>
          {t('leakTest.compliance.method.text', { days: LEAK_WINDOW_DAYS, threshold: rate(record.thresholdLph) })} {t('leakTest.compliance.method.month')}
        </p>
        <h2>{t('leakTest.compliance.results.title')}</h2>
        <dl className="compliance__results">
          {LEAK_TEST_RESULTS.map((result) => (
            <div key={result}>
              <dt>{t(LEAK_RESULT_KEYS[result])}</dt>
              <dd>{t(`leakTest.compliance.results.${result}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <footer className="compliance__signature">
        {(['by', 'date', 'sign'] as const).map((line) => (
          <div key={line} className="compliance__line">
            <span>{t(`leakTest.compliance.signature.${line}`)}</span>
          </div>
        ))}
      </footer>
    </article>
  );
}

/**
 * leak_compliance (issue 22): the monthly leak-test compliance record of one station, outside
 * the shell so that it prints as one page: `?stationId=&month=YYYY-MM`. In the interface
 * language; right to left in Arabic as the whole app is.
 */
export function Page(_: PageProps) {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const asked = complianceOfSearch(useLocation().search);
  const record = useLeakCompliance(asked);
  return (
    <main className="compliance-page">
      <nav className="compliance-page__tools" aria-label={t('leakTest.compliance.tools')}>
        <Link to="/leak_test">{t('leakTest.compliance.back')}</Link>
        <button type="button" className="plain-control plain-button plain-button--primary" onClick={() => window.print()} disabled={!record.data} data-testid="compliance-print">
          {t('leakTest.print')}
        </button>
      </nav>
      {asked === null ? (
        <StatusPanel title={t('leakTest.compliance.notAsked')} />
      ) : record.data ? (
        <Record record={record.data} format={format} />
      ) : record.isError ? (
        <StatusPanel title={t('leakTest.compliance.loadFailed')} actionLabel={t('common.action.retry')} onAction={() => void record.refetch()} />
      ) : (
        <p className="compliance-page__loading" aria-busy="true">
          {t('common.loading')}
        </p>
      )}
    </main>
  );
}
