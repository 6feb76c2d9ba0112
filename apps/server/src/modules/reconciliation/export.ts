import type { ReconciliationRow } from '@ullage/contracts/reconciliation';
import { isLitres, volumeFromLitres } from '@ullage/domain/units';
import type { MessageKey } from '../../i18n/en';
import type { Translate } from '../../i18n/translate';
import { columnsOver, excelDay, excelTime, xlsxOf, type SheetColumn, type SheetRows } from '../../lib/xlsx';
import { rowOf, type Reconciled } from './periods';

/**
 * The reconciliation as a workbook in the caller's language: volumes in each company's unit
 * (the unit is a column: one export may span companies in litres and gallons), gross and
 * compensated side by side, periods in each station's own zone, as on the page. Each period's
 * row is made as it is written (columnsOver).
 */
export async function reconciliationWorkbook(t: Translate, periods: SheetRows<Reconciled>) {
  const vol = (v: number | null, r: ReconciliationRow) => (v === null ? null : Number(volumeFromLitres(v, r.volumeUnit).toFixed(2)));
  const figures = (side: 'gross' | 'tc'): SheetColumn<ReconciliationRow>[] => {
    const label = (key: string) => `${t(`reconciliation.export.${key}` as MessageKey)} (${t(`reconciliation.export.${side}` as MessageKey)})`;
    return [
      { header: label('opening'), value: (r) => vol(r[side].openingL, r) },
      { header: label('deliveredGauged'), value: (r) => vol(r[side].deliveredGaugedL, r) },
      { header: label('deliveredTicketed'), value: (r) => vol(r[side].deliveredTicketedL, r) },
      { header: label('salesDuringDeliveries'), value: (r) => vol(r[side].salesDuringDeliveriesL, r) },
      { header: label('meteredSales'), value: (r) => vol(r[side].meteredSalesL, r) },
      { header: label('derivedSales'), value: (r) => vol(r[side].derivedSalesL, r) },
      { header: label('bookClosing'), value: (r) => vol(r[side].bookClosingL, r) },
      { header: label('closing'), value: (r) => vol(r[side].closingL, r) },
      { header: label('variance'), value: (r) => vol(r[side].varianceL, r) },
      { header: label('variancePct'), value: (r) => r[side].variancePct },
      { header: label('cumulativeVariance'), value: (r) => vol(r[side].cumulativeVarianceL, r) },
    ];
  };
  const columns: SheetColumn<ReconciliationRow>[] = [
    { header: t('field.stationName'), width: 26, value: (r) => r.stationName },
    { header: t('field.entityCode'), value: (r) => r.stationCode },
    { header: t('field.companyName'), width: 24, value: (r) => r.companyName },
    { header: t('field.tank'), value: (r) => r.tankCode },
    { header: t('field.oil'), value: (r) => r.productName },
    { header: t('reconciliation.export.day'), width: 12, value: (r) => excelDay(r.day) },
    { header: t('reconciliation.export.shift'), value: (r) => r.shiftNo },
    { header: t('reconciliation.export.start'), width: 20, value: (r) => excelTime(r.startsAt, r.timezone) },
    { header: t('reconciliation.export.end'), width: 20, value: (r) => excelTime(r.endsAt, r.timezone) },
    { header: t('field.timezone'), width: 20, value: (r) => r.timezone },
    { header: t('reconciliation.export.source'), width: 16, value: (r) => t(`reconciliation.source.${r.salesSource}` as MessageKey) },
    { header: t('reconciliation.export.deliverySalesSource'), width: 16, value: (r) => (r.deliverySalesSource === null ? null : t(`delivery.salesDuring.${r.deliverySalesSource}`)) },
    { header: t('reconciliation.export.unit'), value: (r) => t(isLitres(r.volumeUnit) ? 'reconciliation.unit.l' : 'reconciliation.unit.gal') },
    ...figures('gross'),
    ...figures('tc'),
  ];
  const name = t('reconciliation.export.sheet');
  return { name, body: await xlsxOf(name, columnsOver(columns, rowOf), periods, t.language) };
}
