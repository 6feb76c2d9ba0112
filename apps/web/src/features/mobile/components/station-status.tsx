import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { StationStatus } from '@ullage/contracts/monitor';
import { STATUS_KEYS } from '../../../lib/station-status';

const COLORS: Record<StationStatus, string> = { online: 'green', offline: 'default', alarm: 'red' };

/** Online, offline or in alarm, as a tag a thumb-sized card can carry. */
export function StationStatusTag({ status }: { status: StationStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} data-status={status}>
      {t(STATUS_KEYS[status])}
    </Tag>
  );
}
