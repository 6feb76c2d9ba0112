import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts for code outside React (the API client) and for the shells. antd's message and
 * notification live in a chunk that is mounted the first time something wants to speak, so
 * the login route does not download them up front; requests wait in a queue until then.
 * The mounted holders follow the ConfigProvider's direction, which antd's static
 * `message.error` would not.
 */
export interface FeedbackApis {
  message: MessageInstance;
  notification: NotificationInstance;
}

type Listener = () => void;

let apis: FeedbackApis | null = null;
let wanted = false;
const queue: Array<(apis: FeedbackApis) => void> = [];
const listeners = new Set<Listener>();

/** Runs `act` with the toast instances, mounting them first if needed. */
export function withFeedback(act: (apis: FeedbackApis) => void): void {
  if (apis) {
    act(apis);
    return;
  }
  queue.push(act);
  ensureFeedback();
}

/**
 * Asks the root to mount the toast holders. Only when something wants to speak: the chunk (about
 * 11 KB gzip) would otherwise count against every route's budget (DESIGN.md §8), and a local
 * fetch delays the first toast by a few milliseconds.
 */
export function ensureFeedback(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function feedbackWanted(): boolean {
  return wanted;
}

export function subscribeFeedbackWanted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function registerFeedback(next: FeedbackApis): () => void {
  apis = next;
  for (const act of queue.splice(0)) act(next);
  return () => {
    if (apis === next) apis = null;
  };
}

export function toastError(text: string, durationMs: number): void {
  // Same text twice (several calls failing together) shows once.
  withFeedback(({ message }) => {
    void message.open({ type: 'error', content: text, duration: durationMs / 1000, key: `error:${text}` });
  });
}

export function toastSuccess(text: string, durationMs = 3000): void {
  withFeedback(({ message }) => {
    void message.open({ type: 'success', content: text, duration: durationMs / 1000 });
  });
}

/** An error the user can close: the end of a session (spec §8, "toast with close button"). */
export function notifyClosableError(text: string, durationMs: number): void {
  withFeedback(({ notification }) => {
    notification.error({ key: 'session-ended', title: text, duration: durationMs / 1000, closable: true });
  });
}
