/**
 * The hourly and daily summaries of the readings (migrations 0020, 0035): the roll-up job, the
 * marks of what it has rolled up, the lock ingest holds while it writes, and the columns both
 * make. Ingest merges only late readings (ingest/readings-repo.ts); readers read what is not
 * rolled up yet from the raw readings (domain summary-plan.ts clipPlan).
 */
export { SummaryRollupJob, SUMMARY_LOCK, type RollupRound } from './rollup-job';
export { summaryMarks } from './marks-repo';
export { aggregatedReadings, MERGED, upsertSummaries } from './columns';
