/**
 * Constants of the list contracts that the web app needs at run time: the columns each list
 * can be sorted by (anything else is refused with 91011) and field limits. They live apart
 * from the zod schemas so that a page importing them does not download zod (~24 KB gzip,
 * DESIGN.md §8 route budget); each contract re-exports its own.
 */

// alarms
export const ALARM_SORT_FIELDS = ['startedAt', 'endedAt', 'stationName', 'code', 'processedAt'] as const;
export const MAX_ALARM_NOTE = 500;

// data-jumps
export const DATA_JUMP_SORT_FIELDS = ['ts', 'stationName', 'tankCode', 'rule'] as const;

// delivery-report
export const DELIVERY_SORT_FIELDS = ['startedAt', 'endedAt', 'stationName', 'tankCode', 'deliveredL'] as const;

// device-commands
export const COMMAND_SORT_FIELDS = ['issuedAt', 'stationCode', 'kind', 'state'] as const;

// history
export const HISTORY_SORT_FIELDS = ['ts'] as const;

// inventory-report
export const DAILY_SORT_FIELDS = ['day', 'stationName', 'tankCode', 'startVolumeL', 'endVolumeL', 'deliveredL', 'salesL', 'gapCount'] as const;
export const MONTHLY_SORT_FIELDS = ['month', 'stationName', 'tankCode', 'openingL', 'closingL', 'deliveredL', 'salesL', 'abnormalDays', 'varianceL'] as const;

// leak-test
export const LEAK_TEST_SORT_FIELDS = ['day', 'stationName', 'tankCode', 'leakRateLph', 'mdlLph', 'quietHours', 'result'] as const;

// offline-records
export const OFFLINE_SORT_FIELDS = ['startedAt', 'endedAt', 'duration', 'stationName', 'processedAt'] as const;

// power-events
export const POWER_EVENT_SORT_FIELDS = ['offAt', 'onAt', 'stationName'] as const;

// reconciliation
export const RECONCILIATION_PERIODS = ['day', 'shift'] as const;
export const SALES_SOURCES = ['metered', 'derived'] as const;
export const MONTHLY_RULE_RESULTS = ['pass', 'fail', 'no_data'] as const;
/** The most station days one query covers. */
export const RECONCILIATION_MAX_DAYS = 31;
export const RECONCILIATION_SORT_FIELDS = ['day', 'stationName', 'tankCode', 'meteredSalesL', 'varianceL', 'variancePct', 'cumulativeVarianceL'] as const;

// shift-sales
export const SHIFT_SALES_SORT_FIELDS = ['day', 'stationName', 'salesL', 'deliveredL'] as const;
export const SALES_READING_SORT_FIELDS = ['ts'] as const;
