import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LeakTestStatus } from '@ullage/contracts/leak-test';
import { leakTestLinkOf } from '../../../lib/leak-test-links';
import type { MonitorFormat } from '../../../lib/format';
import { LEAK_REASON_KEYS } from '../../../lib/leak-result';
import { LeakResultTag } from '../../../components/leak-result-tag';

interface TankLeakTestProps {
  status: LeakTestStatus;
  volumeUnit: number;
  format: MonitorFormat;
}

/** A tank's latest leak test on its card: the result, the why on hover, a link to the tank's tests. */
export function TankLeakTest({ status, volumeUnit, format }: TankLeakTestProps) {
  const { t } = useTranslation();
  const title = t('monitor.leakTest.tagTitle', {
    reason: t(LEAK_REASON_KEYS[status.reason]),
    rate: format.rate(status.leakRateLph, volumeUnit),
    threshold: format.rate(status.thresholdLph, volumeUnit),
    day: status.day,
  });
  return (
    <p className="tank-card__leak">
      <Link to={leakTestLinkOf({ stationId: status.stationId, tankId: status.tankId })} data-testid={`tank-leak-${status.tankId}`}>
        <LeakResultTag result={status.result} prefix={t('monitor.leakTest.label')} title={title} />
      </Link>
    </p>
  );
}
