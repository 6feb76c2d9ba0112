import { lazy, Suspense } from 'react';
import type { DeliveryRow } from '@ullage/contracts/delivery-report';
import type { ReportDeclaration } from '../../components/report/report-declaration';
import { loadLocaleBundles } from '../../i18n/i18n';
import { deliveryKeys, exportDeliveries, listDeliveries } from './api/deliveries';
import { initialDeliveryFilters, withOrgPick, type DeliveryFilters } from './delivery-filters-state';

// The tank and the start range are drawn each screen's own way, and fetched where they are drawn:
// the phone page loads its fields with its filter sheet, the desktop page the bar's with itself
// (it imports components/delivery-filter-controls). The phone's date fields show phone texts.
const bar = () => import('./components/delivery-filter-controls');
const sheet = () => Promise.all([import('./phone/delivery-filter-controls'), loadLocaleBundles(['mobile'])]).then(([m]) => m);
const TankBar = lazy(() => bar().then((m) => ({ default: m.DeliveryTankBar })));
const RangeBar = lazy(() => bar().then((m) => ({ default: m.DeliveryRangeBar })));
const TankField = lazy(() => sheet().then((m) => ({ default: m.DeliveryTankField })));
const RangeFields = lazy(() => sheet().then((m) => ({ default: m.DeliveryRangeFields })));

/**
 * delivery and delivery_phone: organisation tree, tank (of the picked station), start range, how
 * the delivery was recorded, finished or not. The phone names its tank and range fields the
 * delivery's own way ("Started between"), so those two are drawn by the report.
 */
export const DELIVERY_REPORT: ReportDeclaration<DeliveryFilters, DeliveryRow> = {
  filters: [
    { kind: 'org', testId: 'delivery-filter-org', pick: withOrgPick },
    {
      kind: 'custom',
      bar: (props) => (
        <Suspense fallback={null}>
          <TankBar {...props} />
        </Suspense>
      ),
      phone: (props) => <TankField {...props} />,
    },
    {
      kind: 'custom',
      bar: (props) => (
        <Suspense fallback={null}>
          <RangeBar {...props} />
        </Suspense>
      ),
      phone: (props) => <RangeFields {...props} />,
    },
    {
      kind: 'choice',
      key: 'source',
      label: (t) => t('delivery.filter.source'),
      options: (t) => [
        { value: 'detected', label: t('delivery.source.detected') },
        { value: 'device', label: t('delivery.source.device') },
      ],
      testId: 'delivery-filter-source',
      widePopup: true,
    },
    {
      kind: 'choice',
      key: 'state',
      label: (t) => t('delivery.filter.state'),
      options: (t) => [
        { value: 'ended', label: t('delivery.state.ended') },
        { value: 'open', label: t('delivery.state.open') },
      ],
      testId: 'delivery-filter-state',
    },
  ],
  initialFilters: initialDeliveryFilters,
  list: { key: deliveryKeys.list, fetch: listDeliveries },
  export: exportDeliveries,
  search: { placeholder: 'delivery.search', testId: 'delivery-search' },
};
