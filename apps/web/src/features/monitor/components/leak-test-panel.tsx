import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LEAK_TEST_RESULTS } from '@ullage/domain/leak-detection';
import { leakTestKeys, listLeakTests } from '../../../lib/leak-tests';
import { leakTestLinkOf } from '../../../lib/leak-test-links';
import { useLeakTestStatus } from '../api/leak-test-status';
import type { MonitorFormat } from '../../../lib/format';
import { countByResult, currentFailures, failingDays } from '../../../lib/leak-result';
import { LeakResultTag } from '../../../components/leak-result-tag';
import { Panel } from './panel';
import { ProductSuffix } from '../../../components/tank/product-suffix';

/** At most this many failing tanks on home; the rest are a link away. */
const SHOWN = 8;

/**
 * Home's leak tests (issue 22): how many tanks pass, fail and are inconclusive now, and the
 * failing ones by leak rate, each linking to its tests. The counts come from each tank's latest
 * result; the failing tanks' names and rates from the list of those same tests.
 */
export function LeakTestPanel({ format }: { format: MonitorFormat }) {
  const { t } = useTranslation();
  const status = useLeakTestStatus(undefined);
  const statuses = status.data?.list ?? [];
  const days = failingDays(statuses);
  const failing = useQuery({
    queryKey: [...leakTestKeys.list, 'home-failing', days],
    queryFn: ({ signal }) => listLeakTests({ page: 1, pageSize: 200, result: 'fail', from: days!.from, to: days!.to, sortField: 'leakRateLph', sortOrder: 'descend' }, signal),
    enabled: days !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const counts = countByResult(statuses);
  const rows = currentFailures(failing.data?.list ?? [], statuses);

  return (
    <Panel
      title={t('monitor.leakTest.home.title')}
      className="monitor-home__leak"
      testId="home-leak-tests"
      extra={
        <Link to="/leak_test" data-testid="home-leak-open">
          {t('monitor.leakTest.home.open')}
        </Link>
      }
    >
      {statuses.length === 0 ? (
        <p className="monitor-empty">{status.isPending ? t('common.loading') : t('monitor.leakTest.home.none')}</p>
      ) : (
        <>
          <ul className="leak-counts">
            {LEAK_TEST_RESULTS.map((result) => (
              <li key={result}>
                <Link to={leakTestLinkOf({ result })} className="leak-counts__item" data-testid={`home-leak-${result}`}>
                  <span className="leak-counts__value">{format.count(counts[result])}</span>
                  <LeakResultTag result={result} />
                </Link>
              </li>
            ))}
          </ul>
          <h3 className="leak-failing__title">{t('monitor.leakTest.home.failing')}</h3>
          {counts.fail === 0 ? (
            <p className="monitor-muted">{t('monitor.leakTest.home.noneFailing')}</p>
          ) : (
            <>
              <ul className="leak-failing" data-testid="home-leak-failing">
                {rows.slice(0, SHOWN).map((row) => (
                  <li key={row.id}>
                    <Link to={leakTestLinkOf({ stationId: row.stationId, tankId: row.tankId, result: 'fail' })} className="leak-failing__item">
                      <span className="leak-failing__place">
                        <bdi>{row.stationName}</bdi>
                        {' · '}
                        <bdi>{t('monitor.tank.title', { code: row.tankCode })}</bdi>
                        <ProductSuffix name={row.productName} />
                      </span>
                      <span className="leak-failing__rate monitor-nowrap">
                        {t('monitor.leakTest.home.rate', { rate: format.rate(row.leakRateLph, row.volumeUnit), threshold: format.rate(row.thresholdLph, row.volumeUnit) })}
                      </span>
                      <span className="monitor-muted" dir="ltr">
                        {row.day}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              {counts.fail > Math.min(SHOWN, rows.length) ? (
                <p className="monitor-muted monitor-note">{t('monitor.leakTest.home.more', { count: counts.fail, shown: Math.min(SHOWN, rows.length) })}</p>
              ) : null}
            </>
          )}
        </>
      )}
    </Panel>
  );
}
