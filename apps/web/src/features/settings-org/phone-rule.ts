import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { phoneProblem } from '../../lib/settings-validators';

/** The form rule for a phone field: digits and hyphen only (spec §5), as the server checks it. */
export function phoneRule(t: TFunction): Rule {
  return {
    validator: async (_, value: string | undefined) => {
      const key = phoneProblem(value);
      if (key) throw new Error(t(key));
    },
  };
}
