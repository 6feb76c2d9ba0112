import { useMemo } from 'react';
import Pagination from 'antd/es/pagination';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import type { ReconciliationSeries } from '@ullage/contracts/reconciliation';
import { StatusPanel } from '../../../components/status-panel';
import type { MonitorFormat } from '../../../lib/format';
import { varianceChartPanels } from '../reconciliation-chart-series';
import { VarianceChart } from './variance-chart';

interface VarianceChartsProps {
  /** One page of the series, in place order; `total` of them in all. */
  series: readonly ReconciliationSeries[] | undefined;
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  fromDay: string;
  toDay: string;
  format: MonitorFormat;
}

/**
 * A panel per tank (group): small multiples on one day axis, so tanks compare without their
 * lines tangling; a page of them at a time (a fleet has a thousand).
 */
export function VarianceCharts({ series, total, page, pageSize, onPage, loading, failed, onRetry, fromDay, toDay, format }: VarianceChartsProps) {
  const { t } = useTranslation();
  const panels = useMemo(() => varianceChartPanels(series ?? [], fromDay), [series, fromDay]);
  if (loading && !series) {
    return (
      <div className="recon-loading">
        <Spin />
      </div>
    );
  }
  if (failed) return <StatusPanel title={t('reconciliation.chart.loadFailed')} actionLabel={t('common.action.retry')} onAction={onRetry} />;
  if (panels.length === 0) return <p className="list-page__muted">{t('reconciliation.chart.none')}</p>;
  return (
    <>
      <p className="list-page__muted recon-note">{t('reconciliation.chart.note')}</p>
      <div className="recon-charts" data-testid="recon-charts">
        {panels.map((panel) => (
          <VarianceChart key={panel.key} panel={panel} fromDay={fromDay} toDay={toDay} format={format} />
        ))}
      </div>
      {total > pageSize ? (
        <Pagination
          className="recon-charts__pages"
          current={page}
          pageSize={pageSize}
          total={total}
          onChange={onPage}
          showSizeChanger={false}
          showTotal={(n) => t('list.total', { total: n })}
          data-testid="recon-charts-pages"
        />
      ) : null}
    </>
  );
}
