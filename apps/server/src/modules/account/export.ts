import type { AccountRow } from '@ullage/contracts/settings-more';
import type { Translate } from '../../i18n/translate';
import { viewerTimeColumn, type SheetColumn } from '../../lib/xlsx';

const ACCOUNT_TYPE_KEYS = ['value.accountType.0', 'value.accountType.1', 'value.accountType.2', 'value.accountType.3', 'value.accountType.4'] as const;

/** Columns of the account export, headers and unit type in the caller's language; never a password. */
export function accountColumns(t: Translate, zone: string): SheetColumn<AccountRow>[] {
  return [
    { header: t('field.username'), width: 20, value: (r) => r.username },
    { header: t('field.nickname'), width: 20, value: (r) => r.nickname },
    { header: t('field.accountType'), value: (r) => { const key = ACCOUNT_TYPE_KEYS[r.accountType]; return key ? t(key) : r.accountType; } },
    { header: t('field.unitName'), width: 24, value: (r) => r.unitName },
    { header: t('field.email'), width: 28, value: (r) => r.email },
    { header: t('field.casUser'), value: (r) => r.casUser },
    { header: t('field.status'), value: (r) => t(r.disabled ? 'value.disabled' : 'value.enabled') },
    viewerTimeColumn(t('field.createdAt'), zone, (r) => r.createdAt),
  ];
}
