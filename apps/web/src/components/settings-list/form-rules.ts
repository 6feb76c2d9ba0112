import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/message-key';
import { duplicateCodeRows } from '../../lib/settings-validators';

/** The rules the settings forms share, with their messages. */
export function useFormRules() {
  const { t } = useTranslation();
  return {
    /** Filled in, and not with blanks only. */
    required: (key: MessageKey): Rule => ({ required: true, whitespace: true, message: t(key) }),
    max: (n: number): Rule => ({ max: n, message: t('common.rule.maxLength', { count: n }) }),
    /** Row `row` of the form list `list` has a code no row before it has (case and blanks aside). */
    uniqueCode:
      (list: string, row: number, key: MessageKey): Rule =>
      ({ getFieldValue }) => ({
        validator: async () => {
          const rows = (getFieldValue(list) ?? []) as { code?: string | null }[];
          if (duplicateCodeRows(rows).includes(row)) throw new Error(t(key));
        },
      }),
  };
}
