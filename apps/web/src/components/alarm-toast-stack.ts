import { createAlarmBurst } from '../lib/alarm-burst';

/**
 * The app's alarm toasts: which are open, which alarms wait behind the summary (lib/alarm-burst).
 * Outside React because the toasts are opened from the feed's callback and outlive a shell (the
 * desktop and phone shells both mount the feed); read with useSyncExternalStore.
 */
export const toastStack = createAlarmBurst();

/** The key of the one summary toast of a burst. */
export const SUMMARY_TOAST_KEY = 'alarm-toast-summary';
