/**
 * The hourly and daily summaries of the readings (migrations 0020, 0035): the roll-up job, what
 * ingest's write adds for late readings and the lock it holds, and the readers' view of what is
 * rolled up (marks, hour levels). Readers of long ranges clip their plan by the marks (domain
 * summary-plan.ts clipPlan).
 */
export { SummaryRollupJob, type RollupRound } from './rollup-job';
export { chunkLocks, MERGE_LATE_READINGS } from './ingest-merge';
export { summaryMarks } from './marks-repo';
export { hourLevels } from './hour-levels';
