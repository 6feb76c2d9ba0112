import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/message-key';
import { duplicateCodeRows } from '../../lib/settings-validators';

/**
 * The rule of a form list's code column (tank types, tanks). Apart from useFormRules because its
 * check reads lib/settings-validators, whose texts are the organisation pages' own.
 */
export function useUniqueCodeRule() {
  const { t } = useTranslation();
  return {
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
