import { useMemo } from 'react';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import type { ReconciliationSeries } from '@ullage/contracts/reconciliation';
import { StatusPanel } from '../../../components/status-panel';
import type { MonitorFormat } from '../../../lib/format';
import { varianceChartPanels } from '../reconciliation-chart-series';
import { VarianceChart } from './variance-chart';

interface VarianceChartsProps {
  series: readonly ReconciliationSeries[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  fromDay: string;
  toDay: string;
  format: MonitorFormat;
}

/** A panel per tank (group): small multiples on one day axis, so tanks compare without their lines tangling. */
export function VarianceCharts({ series, loading, failed, onRetry, fromDay, toDay, format }: VarianceChartsProps) {
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
    </>
  );
}
