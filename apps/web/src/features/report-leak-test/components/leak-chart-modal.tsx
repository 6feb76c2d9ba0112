import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import type { LeakTestRow } from '@ullage/contracts/leak-test';
import { StatusPanel } from '../../../components/status-panel';
import type { MonitorFormat } from '../../../lib/format';
import { LeakResultTag } from '../../../components/leak-result-tag';
import { LEAK_REASON_KEYS } from '../../../lib/leak-result';
import { useLeakTestPeriods } from '../api/leak-test-periods';
import { LeakChart } from './leak-chart';

interface LeakChartModalProps {
  /** The test whose quiet periods are shown; null: closed. */
  row: LeakTestRow | null;
  format: MonitorFormat;
  onClose: () => void;
}

/** One tank day's test: its figures, then its quiet periods drawn so their slopes compare. */
export function LeakChartModal({ row, format, onClose }: LeakChartModalProps) {
  const { t } = useTranslation();
  const periods = useLeakTestPeriods(row ? { tankId: row.tankId, day: row.day } : null);
  const list = periods.data?.periods ?? [];
  return (
    <Modal
      open={row !== null}
      onCancel={onClose}
      footer={null}
      width={760}
      title={row ? t('leakTest.chart.title', { station: row.stationName, tank: row.tankCode, day: row.day }) : null}
      destroyOnHidden
      data-testid="leak-chart-modal"
    >
      {row ? (
        <div className="leak-chart-modal">
          <p className="leak-chart-modal__summary" data-testid="leak-chart-summary">
            <LeakResultTag result={row.result} />
            <span>{t(LEAK_REASON_KEYS[row.reason])}</span>
            <span>
              {t('leakTest.chart.figures', {
                rate: format.rate(row.leakRateLph, row.volumeUnit),
                mdl: format.rate(row.mdlLph, row.volumeUnit),
                threshold: format.rate(row.thresholdLph, row.volumeUnit),
              })}
            </span>
          </p>
          {periods.isLoading ? (
            <div className="leak-chart-modal__loading">
              <Spin />
            </div>
          ) : periods.isError ? (
            <StatusPanel title={t('leakTest.chart.loadFailed')} actionLabel={t('common.action.retry')} onAction={() => void periods.refetch()} />
          ) : list.length === 0 ? (
            <p className="list-page__muted">{t('leakTest.chart.none')}</p>
          ) : (
            <LeakChart periods={list} volumeUnit={row.volumeUnit} timezone={row.timezone} format={format} />
          )}
        </div>
      ) : null}
    </Modal>
  );
}
