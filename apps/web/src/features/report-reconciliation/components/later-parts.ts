/**
 * The chart and rule tabs' code, fetched when a tab is first shown. The page fetches this
 * module first, then the tab's own chunk: the list of files each tab's chunk needs (Vite's
 * preload list, about 1.5 KB gzip of file names) comes with this module rather than with the
 * page, which opens on the periods (DESIGN.md §8 route budget).
 */
export const loadVarianceCharts = () => import('./variance-charts').then((m) => m.VarianceCharts);
export const loadMonthlyRuleTable = () => import('./monthly-rule-table').then((m) => m.MonthlyRuleTable);
