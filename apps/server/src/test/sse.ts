import { expect } from 'vitest';
import { readSseFrames } from './sse-frames';

export interface SseMessage<T> {
  id: string | undefined;
  data: T;
}

/**
 * Opens a server-sent event stream, does `act` once it is open, and collects its messages
 * until `count` arrived or `ms` passed (fewer then: the test asserts what it expects).
 */
export async function collectSse<T>(url: string, headers: Record<string, string>, act: () => Promise<unknown>, count: number, ms = 3000): Promise<SseMessage<T>[]> {
  const stream = await openSse<T>(url, headers);
  await act();
  const deadline = Date.now() + ms;
  while (stream.messages.length < count && Date.now() < deadline) {
    // Stop waiting early when the server ends the stream.
    const ended = await Promise.race([stream.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 20))]);
    if (ended) break;
  }
  stream.close();
  return [...stream.messages];
}

export interface OpenSse<T> {
  /** The messages received so far. */
  messages: SseMessage<T>[];
  /** Resolves when the server ends the stream (or it is closed). */
  ended: Promise<void>;
  close(): void;
}

/** Opens a server-sent event stream and keeps collecting its messages until it ends or is closed. */
export async function openSse<T>(url: string, headers: Record<string, string>): Promise<OpenSse<T>> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const messages: SseMessage<T>[] = [];
  const ended = readSseFrames(res.body!, (id, data) => messages.push({ id, data: JSON.parse(data) as T }));
  // Let the server register the stream before anything happens.
  await new Promise((r) => setTimeout(r, 150));
  return { messages, ended, close: () => controller.abort() };
}
