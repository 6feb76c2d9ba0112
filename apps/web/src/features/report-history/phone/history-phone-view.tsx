import { lazy, Suspense, useState } from 'react';
import Empty from 'antd/es/empty';
import { useTranslation } from 'react-i18next';
import { SilentBoundary } from '../../../components/silent-boundary';
import { stationDateTime } from '../../../lib/station-time';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { historyKeys, listHistory, useHistorySeries } from '../api/history';
import { checkHistoryForm, initialHistoryForm, type FormCheck, type HistoryAsk, type HistoryForm } from '../history-form-state';
import { usePhonePages } from '../../../components/phone-report/use-phone-pages';
import { HistoryPhoneForm } from './history-phone-form';
import { HistoryReadingCard } from './history-reading-card';
import { PhoneListBody } from '../../../components/phone-report/phone-list-body';
import { TankPlace } from '../../../components/phone-report/tank-place';

/** The trend, laid out for a phone; its code comes with the first trend drawn, in a chunk of its own. */
const TrendChart = lazy(() => import('../components/trend-chart').then((m) => ({ default: m.TrendChart })));

function ChartPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="m-history-chart__wait" aria-busy="true">
      {t('common.loading')}
    </div>
  );
}

/**
 * history_can_save for a phone: the same form and rules (station, tank, at most 11 days,
 * start before end), then the same endpoints: the trend chart and the readings as cards.
 */
export function HistoryPhoneView() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const [form, setForm] = useState<HistoryForm>(() => initialHistoryForm());
  const [check, setCheck] = useState<FormCheck | null>(null);
  const [ask, setAsk] = useState<HistoryAsk | null>(null);
  const series = useHistorySeries(ask);
  const { pages, first, rows, total } = usePhonePages(historyKeys.list, listHistory, { ...ask }, ask !== null);
  const tank = first?.tank ?? series.data?.tank;

  const onSubmit = () => {
    const next = checkHistoryForm(form);
    setCheck(next);
    if (!next.ask) return;
    // Asking the same again is asking for what has come in since.
    if (ask && JSON.stringify(ask) === JSON.stringify(next.ask)) {
      void series.refetch();
      void pages.refetch();
      return;
    }
    setAsk(next.ask);
  };
  const onForm = (next: HistoryForm) => {
    setForm(next);
    // A problem shown stays until the user asks again, but one just fixed goes.
    if (check) setCheck({ ...checkHistoryForm(next), ask: null });
  };

  return (
    <>
      <HistoryPhoneForm form={form} onChange={onForm} check={check} onSubmit={onSubmit} loading={pages.isFetching || series.isFetching} />
      {ask === null ? (
        <div className="m-card m-state" data-testid="history-start">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.start')} />
        </div>
      ) : (
        <>
          {tank ? (
            <div className="m-summary-line" data-testid="history-subject">
              <TankPlace stationName={tank.stationName} tankCode={tank.tankCode} productName={tank.productName} productColor={tank.productColor} />
              <br />
              <span className="m-nowrap" dir="ltr">
                {stationDateTime(ask.from, tank.timezone)?.slice(0, 16)} → {stationDateTime(ask.to, tank.timezone)?.slice(0, 16)}
              </span>{' '}
              <span className="m-muted">({tank.timezone})</span>
            </div>
          ) : null}
          <section className="m-card m-history-chart" aria-label={t('history.chart.title')}>
            <h2 className="m-section__title">{t('history.chart.title')}</h2>
            {series.data && series.data.ts.length > 0 ? (
              <>
                <SilentBoundary>
                  <Suspense fallback={<ChartPlaceholder />}>
                    <TrendChart series={series.data} format={format} layout="compact" className="m-history-chart__canvas" />
                  </Suspense>
                </SilentBoundary>
                {series.data.bucketSeconds > 0 ? (
                  <p className="m-note" data-testid="history-bucket-note">
                    {t(series.data.bucketSeconds % 60 === 0 ? 'history.chart.bucketMinutes' : 'history.chart.bucketSeconds', {
                      readings: format.count(series.data.readings),
                      points: format.count(series.data.ts.length),
                      size: format.count(series.data.bucketSeconds % 60 === 0 ? series.data.bucketSeconds / 60 : series.data.bucketSeconds),
                      count: series.data.bucketSeconds % 60 === 0 ? series.data.bucketSeconds / 60 : series.data.bucketSeconds,
                    })}
                  </p>
                ) : null}
              </>
            ) : series.isFetching ? (
              <ChartPlaceholder />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.chart.empty')} data-testid="history-chart-empty" />
            )}
          </section>
          <h2 className="m-section__title">{t('mobile.history.readings')}</h2>
          <PhoneListBody pages={pages} shown={rows.length} total={total} testId="history-list">
            {tank
              ? rows.map((reading) => <HistoryReadingCard key={reading.id} reading={reading} tank={tank} format={format} />)
              : null}
          </PhoneListBody>
        </>
      )}
    </>
  );
}
