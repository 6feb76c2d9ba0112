import type { StationStatus } from '@ullage/contracts/monitor';
import { useTranslation } from 'react-i18next';
import { STATUS_KEYS } from '../../../lib/station-status';

/** A coloured dot and the localised state: online, offline, in alarm. */
export function StatusBadge({ status, large = false }: { status: StationStatus; large?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`monitor-status monitor-status--${status}${large ? ' monitor-status--large' : ''}`} data-status={status}>
      <span className="monitor-status__dot" aria-hidden="true" />
      {t(STATUS_KEYS[status])}
    </span>
  );
}
