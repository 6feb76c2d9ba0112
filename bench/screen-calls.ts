/**
 * Every call the web app's pages make on load, and every export, for bench/screens.ts (issue 35).
 * Paths use placeholders filled per fleet; each path is the one the page asks for, `/api` prefix
 * included, with its query parameters in the order the page sends them.
 *
 * Placeholders (put each value in with encodeURIComponent; the server decodes them):
 *   {stationId}       a station in scope (id).
 *   {tankId}          a tank of {stationId} (id): the history, leak-test and sales-detail calls need the pair.
 *   {companyId}       a company in scope (id).
 *   {shift}           a shift start of {stationId}, HH:MM: '00:00' for a station without shifts (its one all-day shift).
 *   {tz}              the viewer's IANA time zone, e.g. 'UTC' or 'Europe/London'.
 *   Days and months are the viewer's calendar (the bench's clock; with a UTC bench, UTC days):
 *   {toDay}           today, YYYY-MM-DD.
 *   {fromDay}         today − 6 days, YYYY-MM-DD: with {toDay}, the 7 days (today included) the daily
 *                     inventory, leak-test and shift-sales pages open on.
 *   {monthStart}      the 1st of this month, YYYY-MM-DD: the reconciliation opens on this month so far.
 *   {monthEnd}        today (with screens.ts --month, that month's last day): where "this month so far" ends.
 *   {day}             yesterday, YYYY-MM-DD (the sales details' default day; a leak test's day).
 *   {month}           this month, YYYY-MM.
 *   {lastMonth}       last month, YYYY-MM (the leak-test compliance record's default).
 *   Instants, ISO 8601 UTC as Date.toISOString() writes them ('2026-05-31T00:00:00.000Z'):
 *   {toIso}           the end of today (the next UTC midnight).
 *   {fromIso}         {toIso} − 30 days: with {toIso}, the 30 days the data-jump, offline, power-off and
 *                     delivery pages (and the phone's delivery pages) open on.
 *   {histToIso}       now, rounded up to the whole minute.
 *   {histFromIso}     {histToIso} − 24 hours: the history form's default range.
 *   {hist11FromIso}   {histToIso} − 11 days: the longest range the history table, chart and export allow.
 *   {trend90FromIso}  {histToIso} − 90 days; {trend730FromIso}: {histToIso} − 730 days (the chart's longer spans).
 *   {recentIso}       now − 1 minute: /realAlarm asks for the alarms started since it opened (less a minute).
 *
 * Not listed (not json or file): the server-sent event streams, in SCREEN_STREAMS below; the map's
 * world outline (a static asset) and tiles (an external server); the user's photo (an image, when
 * set); /deliveryDetail (one delivery found by its tank and start instant, as a link names it).
 * Calls made only when a dialog opens (mail address, alarm notices, forms) are left out;
 * a few calls made on a click that reads much data are listed, named "(on click)" or "(tab)".
 * Permissions: the tag and audit lists are the administrator's only (tag:manage, audit:read), the
 * account list needs user:manage; the other settings lists answer within the caller's scope. The
 * leak-test calls of /home and /single_monitor are made only for users with 'leak_failure_analysis'.
 */
export interface ScreenCall {
  /** The page (route path in the web app, e.g. '/monitor', or 'shell'). */
  page: string;
  /** A short name for the table, e.g. 'daily report, all tanks'. */
  name: string;
  /** Path and query, with placeholders. */
  path: string;
  /** 'json' answers the API envelope {code,msg,data}; 'file' streams a download. */
  kind: 'json' | 'file';
}

/**
 * A settings list page's two calls: its first page of ten on load, and its export. The API path
 * is the page's own under /api (`/area` → `/api/area/list`, `/api/area/export`).
 */
function listAndExport(page: string, name: string, exportName = `${name} export`): ScreenCall[] {
  return [
    { page, name, path: `/api${page}/list?page=1&pageSize=10`, kind: 'json' },
    { page, name: exportName, path: `/api${page}/export`, kind: 'file' },
  ];
}

export const SCREEN_CALLS: ScreenCall[] = [
  // ---------- shell: every page ----------
  { page: 'shell', name: 'login config (page title), every page', path: '/api/login/config', kind: 'json' }, // apps/web/src/app/root-shell.tsx, features/auth/api/login-config.ts
  { page: 'shell', name: 'who am I: user, menus, permissions', path: '/api/login/getInfo', kind: 'json' }, // apps/web/src/lib/session-user.ts (app/guards.tsx SessionGate)
  // Not the shell's own, but asked by nearly every report and settings page's filter bar and cached
  // (60 s) across pages, so listed once here: the organisation tree, the areas and the products.
  { page: 'shell', name: 'organisation tree (filter bars, settings pages)', path: '/api/org/tree', kind: 'json' }, // apps/web/src/lib/org-tree.ts
  { page: 'shell', name: 'area options (report filter bars)', path: '/api/area/list?page=1&pageSize=200', kind: 'json' }, // apps/web/src/components/report-filters/filter-options.ts
  { page: 'shell', name: 'product options (report filter bars, shift sales)', path: '/api/product/list?page=1&pageSize=200&sortField=name&sortOrder=ascend', kind: 'json' }, // apps/web/src/components/report-filters/filter-options.ts, features/settings-more/api/product-options.ts

  // ---------- monitor ----------
  { page: '/home', name: 'home overview: counts, products, today’s alarms, map, every station', path: '/api/monitor/overview?tz={tz}', kind: 'json' }, // apps/web/src/features/monitor/api/get-overview.ts
  { page: '/home', name: 'home run-out panel: every tank’s forecast', path: '/api/forecast/list?page=1&pageSize=200', kind: 'json' }, // apps/web/src/features/monitor/api/forecast-list.ts (components/run-out-panel.tsx)
  { page: '/home', name: 'home leak-test panel: every tank’s latest test', path: '/api/leak-test/status', kind: 'json' }, // apps/web/src/features/monitor/api/leak-test-status.ts (components/leak-test-panel.tsx)
  // Asked only when a tank fails now: from/to are the failing tanks' latest test days (usually yesterday).
  { page: '/home', name: 'home leak-test panel: failing tanks by leak rate', path: '/api/leak-test/list?page=1&pageSize=200&result=fail&from={day}&to={day}&sortField=leakRateLph&sortOrder=descend', kind: 'json' }, // apps/web/src/features/monitor/components/leak-test-panel.tsx, lib/leak-result.ts failingDays
  { page: '/before_single_monitor', name: 'station picker: overview (every station)', path: '/api/monitor/overview?tz={tz}', kind: 'json' }, // apps/web/src/features/monitor/pages/station-picker-page.tsx
  { page: '/single_monitor', name: 'station monitor: overview (station selector)', path: '/api/monitor/overview?tz={tz}', kind: 'json' }, // apps/web/src/features/monitor/pages/station-monitor-page.tsx
  { page: '/single_monitor', name: 'station monitor: tanks with latest reading, sensors, active alarms', path: '/api/monitor/station/{stationId}', kind: 'json' }, // apps/web/src/features/monitor/api/get-station-monitor.ts
  { page: '/single_monitor', name: 'station monitor: the station’s leak tests', path: '/api/leak-test/status?stationId={stationId}', kind: 'json' }, // apps/web/src/features/monitor/api/leak-test-status.ts
  { page: '/single_monitor', name: 'station monitor: the station’s run-out forecasts', path: '/api/forecast/list?page=1&pageSize=200&stationId={stationId}', kind: 'json' }, // apps/web/src/features/monitor/api/forecast-list.ts
  { page: '/screenfull', name: 'big screen: overview', path: '/api/monitor/overview?tz={tz}', kind: 'json' }, // apps/web/src/features/monitor/pages/big-screen-page.tsx
  // The screen shows one station at a time and fetches the next ahead: the same call for each station in turn, every 10 s.
  { page: '/screenfull', name: 'big screen: the station shown (and the next, ahead)', path: '/api/monitor/station/{stationId}', kind: 'json' }, // apps/web/src/features/monitor/components/station-cycler.tsx
  { page: '/screenfull', name: 'big screen: every tank’s forecast', path: '/api/forecast/list?page=1&pageSize=200', kind: 'json' }, // apps/web/src/features/monitor/components/station-cycler.tsx

  // ---------- Analysis ----------
  { page: '/abnormal_can', name: 'daily inventory report, all tanks, last 7 days', path: '/api/report/inventory/daily/list?page=1&pageSize=10&fromDay={fromDay}&toDay={toDay}', kind: 'json' }, // apps/web/src/components/report-filters/report-filters-state.ts initialDailyFilters, features/report-inventory/api/inventory-reports.ts
  { page: '/abnormal_can', name: 'daily inventory export', path: '/api/report/inventory/daily/export?fromDay={fromDay}&toDay={toDay}', kind: 'file' }, // apps/web/src/features/report-inventory/pages/daily-inventory-page.tsx
  { page: '/Monthly', name: 'monthly inventory report, all tanks, this month', path: '/api/report/inventory/monthly/list?page=1&pageSize=10&fromMonth={month}&toMonth={month}', kind: 'json' }, // apps/web/src/components/report-filters/report-filters-state.ts initialMonthlyFilters, features/report-inventory/api/inventory-reports.ts
  { page: '/Monthly', name: 'monthly inventory export', path: '/api/report/inventory/monthly/export?fromMonth={month}&toMonth={month}', kind: 'file' }, // apps/web/src/features/report-inventory/pages/monthly-inventory-page.tsx
  { page: '/alarm_record', name: 'data jumps, last 30 days', path: '/api/report/jumps/list?page=1&pageSize=10&from={fromIso}&to={toIso}', kind: 'json' }, // apps/web/src/features/report-jumps/jump-filters-state.ts, api/data-jumps.ts
  { page: '/alarm_record', name: 'data jumps export', path: '/api/report/jumps/export?from={fromIso}&to={toIso}', kind: 'file' }, // apps/web/src/features/report-jumps/pages/data-jump-page.tsx
  { page: '/offline_record', name: 'offline records, last 30 days', path: '/api/report/offline/list?page=1&pageSize=10&from={fromIso}&to={toIso}', kind: 'json' }, // apps/web/src/features/report-offline/offline-filters-state.ts, api/offline-records.ts
  { page: '/offline_record', name: 'offline records export', path: '/api/report/offline/export?from={fromIso}&to={toIso}', kind: 'file' }, // apps/web/src/features/report-offline/pages/offline-record-page.tsx
  { page: '/leak_test', name: 'leak tests, all tanks, last 7 days', path: '/api/leak-test/list?page=1&pageSize=10&from={fromDay}&to={toDay}', kind: 'json' }, // apps/web/src/features/report-leak-test/leak-filters-state.ts initialLeakFilters, api/leak-tests.ts
  { page: '/leak_test', name: 'leak tests export', path: '/api/leak-test/export?from={fromDay}&to={toDay}', kind: 'file' }, // apps/web/src/features/report-leak-test/pages/leak-test-page.tsx
  { page: '/leak_test', name: 'leak test chart: one tank’s quiet periods (on click)', path: '/api/leak-test/periods?tankId={tankId}&day={day}', kind: 'json' }, // apps/web/src/features/report-leak-test/api/leak-test-periods.ts
  { page: '/leak_compliance', name: 'leak-test compliance record, one station, last month', path: '/api/leak-test/compliance?stationId={stationId}&month={lastMonth}', kind: 'json' }, // apps/web/src/features/report-leak-test/api/leak-compliance.ts, leak-filters-state.ts lastWholeMonth
  { page: '/reconciliation', name: 'reconciliation by day, all tanks, this month so far', path: '/api/reconciliation/list?page=1&pageSize=10&period=day&fromDay={monthStart}&toDay={monthEnd}', kind: 'json' }, // apps/web/src/features/report-reconciliation/reconciliation-filters-state.ts, api/reconciliation.ts
  { page: '/reconciliation', name: 'reconciliation cumulative variance (chart tab, a page of 12)', path: '/api/reconciliation/chart?fromDay={monthStart}&toDay={monthEnd}&page=1&pageSize=12', kind: 'json' }, // apps/web/src/features/report-reconciliation/api/reconciliation-chart.ts
  { page: '/reconciliation', name: 'reconciliation monthly rule, this month (tab, a page of 20)', path: '/api/reconciliation/monthly?month={month}&page=1&pageSize=20', kind: 'json' }, // apps/web/src/features/report-reconciliation/api/reconciliation-monthly.ts
  { page: '/reconciliation', name: 'reconciliation export', path: '/api/reconciliation/export?period=day&fromDay={monthStart}&toDay={monthEnd}', kind: 'file' }, // apps/web/src/features/report-reconciliation/pages/reconciliation-page.tsx

  // ---------- Data ----------
  // The history page asks nothing until a station and tank are picked and the form is sent (default range: the last 24 h).
  { page: '/history_can_save', name: 'history form: the picked station’s tanks', path: '/api/station/{stationId}/tanks', kind: 'json' }, // apps/web/src/lib/station-tanks.ts (report-history/components/history-form.tsx)
  { page: '/history_can_save', name: 'history table, one tank, last 24 h (form default)', path: '/api/report/history/list?page=1&pageSize=10&stationId={stationId}&tankId={tankId}&from={histFromIso}&to={histToIso}', kind: 'json' }, // apps/web/src/features/report-history/history-form-state.ts initialHistoryForm, api/history.ts
  { page: '/history_can_save', name: 'history chart series, one tank, last 24 h (form default)', path: '/api/report/history/series?stationId={stationId}&tankId={tankId}&from={histFromIso}&to={histToIso}', kind: 'json' }, // apps/web/src/features/report-history/api/history.ts
  { page: '/history_can_save', name: 'history table, one tank, 11 days (the most)', path: '/api/report/history/list?page=1&pageSize=10&stationId={stationId}&tankId={tankId}&from={hist11FromIso}&to={histToIso}', kind: 'json' }, // apps/web/src/features/report-history/api/history.ts
  { page: '/history_can_save', name: 'history chart series, one tank, 11 days (the most)', path: '/api/report/history/series?stationId={stationId}&tankId={tankId}&from={hist11FromIso}&to={histToIso}', kind: 'json' }, // apps/web/src/features/report-history/api/history.ts
  { page: '/history_can_save', name: 'history long trend, one tank, 90 days (chart span)', path: '/api/report/history/trend?stationId={stationId}&tankId={tankId}&from={trend90FromIso}&to={histToIso}', kind: 'json' }, // apps/web/src/features/report-history/api/history.ts useHistoryTrend
  { page: '/history_can_save', name: 'history long trend, one tank, 2 years (chart span)', path: '/api/report/history/trend?stationId={stationId}&tankId={tankId}&from={trend730FromIso}&to={histToIso}', kind: 'json' }, // apps/web/src/features/report-history/api/history.ts useHistoryTrend
  { page: '/history_can_save', name: 'history export, one tank, 11 days', path: '/api/report/history/export?stationId={stationId}&tankId={tankId}&from={hist11FromIso}&to={histToIso}', kind: 'file' }, // apps/web/src/features/report-history/api/history.ts exportHistory
  { page: '/delivery', name: 'deliveries, last 30 days, with totals', path: '/api/report/delivery/list?page=1&pageSize=10&from={fromIso}&to={toIso}', kind: 'json' }, // apps/web/src/features/report-delivery/delivery-filters-state.ts, api/deliveries.ts
  { page: '/delivery', name: 'deliveries export', path: '/api/report/delivery/export?from={fromIso}&to={toIso}', kind: 'file' }, // apps/web/src/features/report-delivery/pages/delivery-page.tsx
  { page: '/open_close_report', name: 'power-offs, last 30 days, tolerance 50 L', path: '/api/report/power/list?page=1&pageSize=10&from={fromIso}&to={toIso}&toleranceL=50', kind: 'json' }, // apps/web/src/features/report-power/power-filters-state.ts, api/power-events.ts
  { page: '/open_close_report', name: 'power-offs export', path: '/api/report/power/export?from={fromIso}&to={toIso}&toleranceL=50', kind: 'file' }, // apps/web/src/features/report-power/pages/power-event-page.tsx
  { page: '/pay_for_oil', name: 'sales per shift, last 7 days', path: '/api/report/shift-sales/list?page=1&pageSize=10&fromDay={fromDay}&toDay={toDay}', kind: 'json' }, // apps/web/src/features/report-shifts/shift-filters-state.ts initialShiftFilters, api/shift-sales.ts
  { page: '/pay_for_oil', name: 'sales per shift export', path: '/api/report/shift-sales/export?fromDay={fromDay}&toDay={toDay}', kind: 'file' }, // apps/web/src/features/report-shifts/pages/shift-sales-page.tsx
  // Opened from a figure (?stationId&tankId&day&shift); with a station alone it takes its first tank, yesterday, its first shift.
  { page: '/sales_detail', name: 'sales details: the station’s tanks', path: '/api/station/{stationId}/tanks', kind: 'json' }, // apps/web/src/lib/station-tanks.ts (report-shifts/pages/sales-detail-page.tsx)
  { page: '/sales_detail', name: 'sales details: the station’s shifts', path: '/api/station/{stationId}/shifts', kind: 'json' }, // apps/web/src/features/report-shifts/api/station-shifts.ts
  { page: '/sales_detail', name: 'sales details: one tank and shift, yesterday', path: '/api/report/shift-sales/detail?stationId={stationId}&tankId={tankId}&day={day}&shift={shift}', kind: 'json' }, // apps/web/src/features/report-shifts/api/sales-detail.ts
  { page: '/sales_detail', name: 'sales details: the shift’s readings', path: '/api/report/shift-sales/readings?page=1&pageSize=10&stationId={stationId}&tankId={tankId}&day={day}&shift={shift}', kind: 'json' }, // apps/web/src/features/report-shifts/api/sales-detail.ts listSalesReadings
  { page: '/sales_detail', name: 'sales details export', path: '/api/report/shift-sales/detail/export?stationId={stationId}&tankId={tankId}&day={day}&shift={shift}', kind: 'file' }, // apps/web/src/features/report-shifts/api/sales-detail.ts exportSalesDetail

  // ---------- Alarm ----------
  { page: '/alarm_report', name: 'level alarms (current and history), newest first', path: '/api/alarm/list?page=1&pageSize=10&kind=level', kind: 'json' }, // apps/web/src/features/alarms/alarm-filters-state.ts, pages/alarm-query-page.tsx, api/list-alarms.ts
  { page: '/alarm_report', name: 'level alarms export', path: '/api/alarm/export?kind=level', kind: 'file' }, // apps/web/src/features/alarms/api/export-alarms.ts
  { page: '/leak_alarm', name: 'leak and sensor alarms (current and history)', path: '/api/alarm/list?page=1&pageSize=10&kind=leak', kind: 'json' }, // apps/web/src/features/alarms/pages/leak-alarm-page.tsx, api/list-alarms.ts
  { page: '/leak_alarm', name: 'leak alarms export', path: '/api/alarm/export?kind=leak', kind: 'file' }, // apps/web/src/features/alarms/api/export-alarms.ts

  // ---------- settings ----------
  ...listAndExport('/distributor', 'distributors'), // apps/web/src/features/settings-org/pages/distributor-page.tsx, api/list-distributors.ts; api/export-distributors.ts
  ...listAndExport('/company', 'companies'), // apps/web/src/features/settings-org/pages/company-page.tsx, lib/list-companies.ts; settings-org/api/export-companies.ts
  ...listAndExport('/area', 'areas'), // apps/web/src/features/settings-org/pages/area-page.tsx, lib/list-areas.ts; settings-org/api/export-areas.ts
  ...listAndExport('/station', 'station list (settings)', 'stations export'), // apps/web/src/features/settings-more/pages/station-page.tsx, api/list-stations.ts; api/export-stations.ts
  ...listAndExport('/product', 'products'), // apps/web/src/features/settings-more/pages/product-page.tsx, api/list-products.ts; api/export-products.ts
  ...listAndExport('/account', 'accounts'), // apps/web/src/features/settings-more/pages/account-page.tsx, api/list-accounts.ts; api/export-accounts.ts
  ...listAndExport('/tag', 'tags'), // apps/web/src/features/settings-more/pages/tag-page.tsx, api/list-tags.ts; api/export-tags.ts
  { page: '/audit', name: 'settings audit log', path: '/api/audit/list?page=1&pageSize=10', kind: 'json' }, // apps/web/src/features/settings-audit/pages/audit-page.tsx, api/list-audit.ts
  // The device page asks nothing until a station is picked.
  { page: '/deviceParamManage', name: 'device parameters of the picked station', path: '/api/device-params/station/{stationId}', kind: 'json' }, // apps/web/src/features/device-params/api/device-overview.ts
  { page: '/deviceParamManage', name: 'the station’s device commands', path: '/api/device-commands?stationId={stationId}&page=1&pageSize=10', kind: 'json' }, // apps/web/src/features/device-params/components/command-history.tsx, api/commands.ts
  { page: '/deviceParamManage', name: 'height-volume template of a tank (xlsx)', path: '/api/device-params/strapping-template?tankId={tankId}', kind: 'file' }, // apps/web/src/features/device-params/api/strapping-files.ts

  // ---------- phone pages (mobile shell) ----------
  { page: '/realAlarm', name: 'phone: open level alarms', path: '/api/alarm/list?page=1&pageSize=100&sortField=startedAt&sortOrder=descend&kind=level&state=active', kind: 'json' }, // apps/web/src/features/mobile/api/alarms.ts useRealAlarms
  { page: '/realAlarm', name: 'phone: open leak alarms', path: '/api/alarm/list?page=1&pageSize=100&sortField=startedAt&sortOrder=descend&kind=leak&state=active', kind: 'json' }, // apps/web/src/features/mobile/api/alarms.ts useRealAlarms
  { page: '/realAlarm', name: 'phone: level alarms since the page opened', path: '/api/alarm/list?page=1&pageSize=100&sortField=startedAt&sortOrder=descend&kind=level&from={recentIso}', kind: 'json' }, // apps/web/src/features/mobile/api/alarms.ts useRealAlarms
  { page: '/realAlarm', name: 'phone: leak alarms since the page opened', path: '/api/alarm/list?page=1&pageSize=100&sortField=startedAt&sortOrder=descend&kind=leak&from={recentIso}', kind: 'json' }, // apps/web/src/features/mobile/api/alarms.ts useRealAlarms
  { page: '/alarmHistory', name: 'phone: alarm history, level', path: '/api/alarm/list?kind=level&page=1&pageSize=20', kind: 'json' }, // apps/web/src/features/mobile/pages/alarm-history-page.tsx, alarms/phone/alarm-phone-list.tsx
  { page: '/invertory', name: 'phone inventory: overview', path: '/api/monitor/overview?tz={tz}', kind: 'json' }, // apps/web/src/features/mobile/use-inventory.ts
  // Pages through every station of the scope, 200 at a time (page=2, 3, … until all are read).
  { page: '/invertory', name: 'phone inventory: station places, first page of 200', path: '/api/station/list?page=1&pageSize=200', kind: 'json' }, // apps/web/src/features/mobile/api/station-places.ts
  { page: '/areaInvertory', name: 'phone company areas: overview', path: '/api/monitor/overview?tz={tz}', kind: 'json' }, // apps/web/src/features/mobile/pages/area-inventory-page.tsx, mobile/use-inventory.ts
  { page: '/areaInvertory', name: 'phone company areas: station places, first page of 200', path: '/api/station/list?page=1&pageSize=200', kind: 'json' }, // apps/web/src/features/mobile/api/station-places.ts
  { page: '/stationInvertory', name: 'phone area stations: overview', path: '/api/monitor/overview?tz={tz}', kind: 'json' }, // apps/web/src/features/mobile/use-inventory.ts
  { page: '/stationInvertory', name: 'phone area stations: station places, first page of 200', path: '/api/station/list?page=1&pageSize=200', kind: 'json' }, // apps/web/src/features/mobile/api/station-places.ts
  { page: '/stationInvertory', name: 'phone area stations: every tank’s forecast', path: '/api/forecast/list?page=1&pageSize=200', kind: 'json' }, // apps/web/src/features/mobile/pages/station-inventory-page.tsx
  { page: '/stationDetails', name: 'phone station: tanks, sensors, alarms', path: '/api/monitor/station/{stationId}', kind: 'json' }, // apps/web/src/features/mobile/pages/station-details-page.tsx
  { page: '/stationDetails', name: 'phone station: run-out forecasts', path: '/api/forecast/list?page=1&pageSize=200&stationId={stationId}', kind: 'json' }, // apps/web/src/features/mobile/pages/station-details-page.tsx
  { page: '/stationDetails', name: 'phone station: station places, first page of 200', path: '/api/station/list?page=1&pageSize=200', kind: 'json' }, // apps/web/src/features/mobile/api/station-places.ts
  { page: '/deliveryHistory', name: 'phone deliveries: station places, first page of 200', path: '/api/station/list?page=1&pageSize=200', kind: 'json' }, // apps/web/src/features/mobile/pages/delivery-history-page.tsx
  { page: '/deliveryHistory', name: 'phone deliveries: overview (company units)', path: '/api/monitor/overview?tz={tz}', kind: 'json' }, // apps/web/src/features/mobile/api/company-units.ts
  // One call per company in scope.
  { page: '/deliveryHistory', name: 'phone deliveries: one company’s totals, last 30 days', path: '/api/report/delivery/list?companyId={companyId}&from={fromIso}&to={toIso}&page=1&pageSize=1', kind: 'json' }, // apps/web/src/features/mobile/api/deliveries.ts useDeliveryTotals, lib/day-range.ts
  { page: '/deliveryBranches', name: 'phone company deliveries: station places, first page of 200', path: '/api/station/list?page=1&pageSize=200', kind: 'json' }, // apps/web/src/features/mobile/pages/delivery-branches-page.tsx
  { page: '/deliveryBranches', name: 'phone company deliveries: overview (company units)', path: '/api/monitor/overview?tz={tz}', kind: 'json' }, // apps/web/src/features/mobile/api/company-units.ts
  // One call per station of the company (/deliveryArea: per station of the area, the same calls).
  { page: '/deliveryBranches', name: 'phone company deliveries: one station’s totals, last 30 days', path: '/api/report/delivery/list?stationId={stationId}&from={fromIso}&to={toIso}&page=1&pageSize=1', kind: 'json' }, // apps/web/src/features/mobile/api/deliveries.ts useDeliveryTotals
  { page: '/deliveryStation', name: 'phone station deliveries: station places, first page of 200', path: '/api/station/list?page=1&pageSize=200', kind: 'json' }, // apps/web/src/features/mobile/pages/delivery-station-page.tsx
  { page: '/deliveryStation', name: 'phone station deliveries: overview (company units)', path: '/api/monitor/overview?tz={tz}', kind: 'json' }, // apps/web/src/features/mobile/api/company-units.ts
  { page: '/deliveryStation', name: 'phone station deliveries: the station’s tanks', path: '/api/station/{stationId}/tanks', kind: 'json' }, // apps/web/src/features/mobile/pages/delivery-station-page.tsx
  // One call per tank of the station.
  { page: '/deliveryStation', name: 'phone station deliveries: one tank’s totals, last 30 days', path: '/api/report/delivery/list?tankId={tankId}&from={fromIso}&to={toIso}&page=1&pageSize=1', kind: 'json' }, // apps/web/src/features/mobile/api/deliveries.ts useDeliveryTotals
  { page: '/deliveryTank', name: 'phone tank deliveries: station places, first page of 200', path: '/api/station/list?page=1&pageSize=200', kind: 'json' }, // apps/web/src/features/mobile/pages/delivery-tank-page.tsx
  { page: '/deliveryTank', name: 'phone tank deliveries: overview (company units)', path: '/api/monitor/overview?tz={tz}', kind: 'json' }, // apps/web/src/features/mobile/api/company-units.ts
  { page: '/deliveryTank', name: 'phone tank deliveries: the station’s tanks', path: '/api/station/{stationId}/tanks', kind: 'json' }, // apps/web/src/features/mobile/pages/delivery-tank-page.tsx
  { page: '/deliveryTank', name: 'phone tank deliveries, last 30 days', path: '/api/report/delivery/list?tankId={tankId}&from={fromIso}&to={toIso}&pageSize=20&page=1', kind: 'json' }, // apps/web/src/features/mobile/api/deliveries.ts useTankDeliveries
  { page: '/abnormal_can_phone', name: 'phone daily inventory, last 7 days', path: '/api/report/inventory/daily/list?fromDay={fromDay}&toDay={toDay}&page=1&pageSize=20', kind: 'json' }, // apps/web/src/features/report-inventory/phone/daily-phone-list.tsx, components/phone-report/use-phone-pages.ts
  { page: '/Monthly_phone', name: 'phone monthly inventory, this month', path: '/api/report/inventory/monthly/list?fromMonth={month}&toMonth={month}&page=1&pageSize=20', kind: 'json' }, // apps/web/src/features/report-inventory/phone/monthly-phone-list.tsx
  { page: '/alarm_record_phone', name: 'phone data jumps, last 30 days', path: '/api/report/jumps/list?from={fromIso}&to={toIso}&page=1&pageSize=20', kind: 'json' }, // apps/web/src/features/report-jumps/phone/jump-phone-list.tsx
  { page: '/offline_record_phone', name: 'phone offline records, last 30 days', path: '/api/report/offline/list?from={fromIso}&to={toIso}&page=1&pageSize=20', kind: 'json' }, // apps/web/src/features/report-offline/phone/offline-phone-list.tsx
  { page: '/leak_test_phone', name: 'phone leak tests, last 7 days', path: '/api/leak-test/list?from={fromDay}&to={toDay}&page=1&pageSize=20', kind: 'json' }, // apps/web/src/features/report-leak-test/phone/leak-test-phone-list.tsx
  { page: '/reconciliation_phone', name: 'phone reconciliation, this month so far', path: '/api/reconciliation/list?period=day&fromDay={monthStart}&toDay={monthEnd}&page=1&pageSize=20', kind: 'json' }, // apps/web/src/features/report-reconciliation/phone/reconciliation-phone-list.tsx
  { page: '/delivery_phone', name: 'phone deliveries list, last 30 days', path: '/api/report/delivery/list?from={fromIso}&to={toIso}&page=1&pageSize=20', kind: 'json' }, // apps/web/src/features/report-delivery/phone/delivery-phone-list.tsx
  { page: '/open_close_report_phone', name: 'phone power-offs, last 30 days', path: '/api/report/power/list?from={fromIso}&to={toIso}&toleranceL=50&page=1&pageSize=20', kind: 'json' }, // apps/web/src/features/report-power/phone/power-phone-list.tsx
  { page: '/alarm_report_phone', name: 'phone level alarms', path: '/api/alarm/list?kind=level&page=1&pageSize=20', kind: 'json' }, // apps/web/src/features/alarms/phone/alarm-phone-list.tsx, lib/phone-alarm-list.ts useAlarmPages
  { page: '/leak_report_phone', name: 'phone leak alarms', path: '/api/alarm/list?kind=leak&page=1&pageSize=20', kind: 'json' }, // apps/web/src/features/alarms/phone/alarm-phone-list.tsx
];

/**
 * The server-sent event streams pages hold open (text/event-stream: neither json nor file).
 * {userId}: the signed-in user's id (getInfo's userId; the server refuses another's). lang: the interface language.
 */
export const SCREEN_STREAMS: { page: string; name: string; path: string }[] = [
  { page: 'shell', name: 'alarm toasts feed (desktop and phone shells; /realAlarm)', path: '/api/sse-msg/connect?userId={userId}&lang=en' }, // apps/web/src/components/alarm-toasts.tsx, features/mobile/pages/real-alarm-page.tsx
  { page: '/home', name: 'live events, whole scope (also /before_single_monitor, /screenfull)', path: '/api/monitor/events' }, // apps/web/src/lib/live-events.ts, features/monitor/use-monitor-live.ts
  { page: '/single_monitor', name: 'live events, one station (also /stationDetails)', path: '/api/monitor/events?stationId={stationId}' }, // apps/web/src/lib/live-events.ts
];
