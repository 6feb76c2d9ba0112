import { lazy } from 'react';
import { loadLocaleBundles } from '../../../i18n/i18n';

/**
 * The phone's period fields (components/phone-report/period-fields.tsx) for the report's declared
 * period: fetched with the phone's filter sheet, and never by the desktop page, whose route does
 * not bring the phone's texts they show (app/route-texts.test.ts).
 */
export const loadPeriodFields = () =>
  Promise.all([import('../../../components/phone-report/period-fields'), loadLocaleBundles(['mobile'])]).then(([m]) => ({ default: m.PeriodFields }));

export const LazyPeriodFields = lazy(loadPeriodFields);
