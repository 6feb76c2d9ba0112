import { lazy } from 'react';
import { loadLocaleBundles } from '../../i18n/i18n';

/*
 * The phone's period and date fields for a report's declared filters: fetched with the phone's
 * filter sheet, never by a desktop page, whose route does not bring the phone's texts they show
 * (app/route-texts.test.ts). A phone list may start `loadPeriodFields` beside its sheet's other
 * fields, so opening the sheet waits for one round trip, not two.
 */
export const loadPeriodFields = () => Promise.all([import('./period-fields'), loadLocaleBundles(['mobile'])]).then(([m]) => ({ default: m.PeriodFields }));

export const LazyPeriodFields = lazy(loadPeriodFields);

export const LazyDateRangeFields = lazy(() => Promise.all([import('./date-range-fields'), loadLocaleBundles(['mobile'])]).then(([m]) => ({ default: m.DateRangeFields })));
