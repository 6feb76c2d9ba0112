import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import type { VarianceTone } from '../reconciliation-row-display';
import { signed } from '../../../lib/report-format';

/** The tanks reconciled together: "1+2" with a manifold tag, or one tank's code. */
export function ManifoldTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('reconciliation.manifoldHint')}>
      <Tag className="recon-manifold" data-testid="recon-manifold">
        {t('reconciliation.manifold')}
      </Tag>
    </Tooltip>
  );
}

/**
 * A variance with its sign ("+120 L" a gain, "−80 L" a loss), left to right in every language,
 * red and bold beyond the monthly rule's allowance.
 */
export function VarianceFigure({ text, value, tone, testId }: { text: string; value: number | null; tone: VarianceTone | null; testId?: string }) {
  if (value === null)
    return (
      <span className="recon-missing" data-tone="none" data-testid={testId}>
        {text}
      </span>
    );
  const beyond = tone === 'loss-beyond' || tone === 'gain-beyond';
  return (
    <span className={beyond ? 'recon-variance recon-variance--beyond' : 'recon-variance'} data-tone={tone ?? 'none'} data-testid={testId} dir="ltr">
      {signed(text, value)}
    </span>
  );
}
