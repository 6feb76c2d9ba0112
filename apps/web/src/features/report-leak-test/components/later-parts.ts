/**
 * The quiet periods' chart and the compliance record's dialog, fetched when first opened. The
 * page fetches this module first, then the dialog's own chunk: the list of files each dialog's
 * chunk needs (Vite's preload list, about 1.5 KB gzip of file names) comes with this module
 * rather than with the page, which most visits only read (DESIGN.md §8 route budget).
 */
export const loadLeakChartModal = () => import('./leak-chart-modal').then((m) => m.LeakChartModal);
export const loadComplianceDialog = () => import('./compliance-dialog').then((m) => m.ComplianceDialog);
