import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/message-key';

/** The rules the settings forms share, with their messages. */
export function useFormRules() {
  const { t } = useTranslation();
  return {
    /** Filled in, and not with blanks only. */
    required: (key: MessageKey): Rule => ({ required: true, whitespace: true, message: t(key) }),
    max: (n: number): Rule => ({ max: n, message: t('common.rule.maxLength', { count: n }) }),
  };
}
