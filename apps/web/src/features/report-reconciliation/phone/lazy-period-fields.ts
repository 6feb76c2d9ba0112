import { lazy } from 'react';
import { loadLocaleBundles } from '../../../i18n/i18n';

/**
 * The phone's period fields (components/phone-report/period-fields.tsx) for the reconciliation's
 * station days: fetched with the phone's filter sheet, never by the desktop page, whose route
 * does not bring the phone's texts they show (app/route-texts.test.ts).
 */
export const LazyPeriodFields = lazy(() =>
  Promise.all([import('../../../components/phone-report/period-fields'), loadLocaleBundles(['mobile'])]).then(([m]) => ({ default: m.PeriodFields })),
);
