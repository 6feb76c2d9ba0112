import { z } from 'zod';

/**
 * The demo fleet's history replay (`npm start` on an empty embedded database sends the demo
 * stations' last DEMO_BACKFILL_DAYS through the device path): every page shows a banner with
 * its progress while it runs (issue 36).
 */
export const demoHistory = z.object({
  /** True from the replay's start until its last report is written. */
  loading: z.boolean(),
  /** Share of the history written, 0–100. */
  percent: z.number().int().min(0).max(100),
  /** Days of history written so far, and in all (one decimal). */
  doneDays: z.number().min(0),
  totalDays: z.number().min(0),
});
export type DemoHistory = z.infer<typeof demoHistory>;
