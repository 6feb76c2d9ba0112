import { useTranslation } from 'react-i18next';
import { useDemoHistory } from '../lib/demo-history';
import './demo-history-banner.css';

/**
 * While the first start replays the demo stations' history, every page says so and how far it
 * has got: the tables and charts are thin because their data is still arriving, not because
 * anything is wrong (issue 36). Gone once the replay ends.
 */
export function DemoHistoryBanner() {
  const { t, i18n } = useTranslation();
  const history = useDemoHistory();
  if (!history?.loading) return null;
  const number = new Intl.NumberFormat(i18n.language.replace('_', '-'), { maximumFractionDigits: 1 });
  return (
    <div className="demo-history-banner" role="status" data-testid="demo-history-banner">
      <strong className="demo-history-banner__title">{t('common.demoHistory.title')}</strong>
      <span className="demo-history-banner__text">
        {t('common.demoHistory.progress', { done: number.format(history.doneDays), total: number.format(history.totalDays), percent: number.format(history.percent) })}
      </span>
      <div className="demo-history-banner__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={history.percent} aria-label={t('common.demoHistory.title')}>
        <div className="demo-history-banner__fill" style={{ inlineSize: `${history.percent}%` }} />
      </div>
    </div>
  );
}
