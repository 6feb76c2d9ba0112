import { lazy } from 'react';
import { loadLocaleBundles } from '../../../i18n/i18n';

/**
 * The phone's two date fields (components/phone-report/date-range-fields.tsx) for the alarms'
 * start range: fetched with the phone's filter sheet, never by the desktop alarm pages, whose
 * routes do not bring the phone's texts they show (app/route-texts.test.ts).
 */
export const LazyDateRangeFields = lazy(() =>
  Promise.all([import('../../../components/phone-report/date-range-fields'), loadLocaleBundles(['mobile'])]).then(([m]) => ({ default: m.DateRangeFields })),
);
