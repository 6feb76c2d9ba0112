import Tag from 'antd/es/tag';
import type { LeakTestResult } from '@ullage/domain/leak-detection';
import { useTranslation } from 'react-i18next';
import { LEAK_RESULT_COLORS, LEAK_RESULT_KEYS } from '../lib/leak-result';

interface LeakResultTagProps {
  result: LeakTestResult;
  /** Hover text: the reason, the day, the rate. */
  title?: string;
  /** Words before the result ("Leak test: Pass") where the tag stands alone (a tank card). */
  prefix?: string;
  testId?: string;
}

/** A leak test's result as a coloured tag; `data-result` carries the result's name for tests and styles. */
export function LeakResultTag({ result, title, prefix, testId }: LeakResultTagProps) {
  const { t } = useTranslation();
  return (
    <Tag color={LEAK_RESULT_COLORS[result]} title={title} data-result={result} data-testid={testId}>
      {prefix ? `${prefix}: ` : ''}
      {t(LEAK_RESULT_KEYS[result])}
    </Tag>
  );
}
