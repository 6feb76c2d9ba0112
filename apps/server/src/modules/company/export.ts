import type { CompanyRow } from '@ullage/contracts/settings-org';
import type { Translate } from '../../i18n/translate';
import { viewerTimeColumn, type SheetColumn } from '../../lib/xlsx';

/** Columns of the company export, headers in the caller's language. */
export function companyColumns(t: Translate, zone: string): SheetColumn<CompanyRow>[] {
  return [
    { header: t('field.name'), width: 28, value: (r) => r.name },
    { header: t('field.entityCode'), value: (r) => r.code },
    { header: t('field.distributorName'), width: 24, value: (r) => r.distributorName },
    { header: t('field.province'), value: (r) => r.province },
    { header: t('field.city'), value: (r) => r.city },
    { header: t('field.district'), value: (r) => r.district },
    { header: t('field.tempUnit'), value: (r) => t(r.tempUnit === 2 ? 'unit.fahrenheit' : 'unit.celsius') },
    { header: t('field.volumeUnit'), value: (r) => t(r.volumeUnit === 2 ? 'unit.gallons' : 'unit.litres') },
    { header: t('field.contactName'), value: (r) => r.contactName },
    { header: t('field.contactPhone'), value: (r) => r.contactPhone },
    { header: t('field.status'), value: (r) => t(r.disabled ? 'value.disabled' : 'value.enabled') },
    { header: t('field.stationCount'), value: (r) => r.stationCount },
    viewerTimeColumn(t('field.createdAt'), zone, (r) => r.createdAt),
  ];
}
