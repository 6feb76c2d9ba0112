import type { ProductRow } from '@ullage/contracts/settings-more';
import type { Translate } from '../../i18n/translate';
import { viewerTimeColumn, type SheetColumn } from '../../lib/xlsx';

/** Columns of the product export, headers and product type in the caller's language. */
export function productColumns(t: Translate, zone: string): SheetColumn<ProductRow>[] {
  return [
    { header: t('field.name'), width: 24, value: (r) => r.name },
    { header: t('field.shortName'), value: (r) => r.shortName },
    { header: t('field.entityCode'), value: (r) => r.code },
    { header: t('field.type'), value: (r) => t(`value.productType.${r.type}`) },
    { header: t('field.distributorName'), width: 24, value: (r) => r.distributorName },
    { header: t('field.companyName'), width: 24, value: (r) => r.companyName },
    { header: t('field.color'), value: (r) => r.color },
    { header: t('field.tankCount'), value: (r) => r.tankCount },
    viewerTimeColumn(t('field.createdAt'), zone, (r) => r.createdAt),
  ];
}
