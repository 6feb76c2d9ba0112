import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import type { ReconciliationRow } from '@ullage/contracts/reconciliation';

/** Where a row's sales come from: the pumps' meters, or the level's fall (a station without metered sales). */
export function SalesSourceTag({ source, testId }: { source: ReconciliationRow['salesSource']; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(source === 'metered' ? 'reconciliation.source.meteredHint' : 'reconciliation.source.derivedHint')}>
      <Tag color={source === 'metered' ? 'blue' : 'default'} data-testid={testId} data-source={source}>
        {t(source === 'metered' ? 'reconciliation.source.metered' : 'reconciliation.source.derived')}
      </Tag>
    </Tooltip>
  );
}
