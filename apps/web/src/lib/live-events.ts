import { useEffect, useRef, useState } from 'react';
import type { LiveEvent } from '@ullage/contracts/monitor';
import { apiUrl } from './api-client';

/**
 * The live monitor feed, GET /api/monitor/events (server-sent events, one LiveEvent as JSON
 * per `data:` line), authenticated by the session cookie. EventSource reconnects by itself
 * after a dropped connection; when it gives up (CLOSED: the server refused, or answered
 * something other than an event stream) this reopens it after 3 s, then 4.5 s, … up to 30 s,
 * and starts again from 3 s once a connection opens. A wall screen must recover unattended,
 * so there is no last attempt. Closed when the page using it unmounts.
 */

export const LIVE_RETRY_MS = 3000;
export const LIVE_RETRY_FACTOR = 1.5;
export const LIVE_RETRY_MAX_MS = 30_000;

export type LiveState = 'connecting' | 'open' | 'closed';

const EVENT_TYPES = new Set<string>(['inventory', 'sensors', 'status', 'alarm']);

/** The event in a `data:` line, or null for anything else (comments, keep-alives, bad JSON). */
export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    const { type, stationId } = value as { type?: unknown; stationId?: unknown };
    if (typeof type !== 'string' || !EVENT_TYPES.has(type) || typeof stationId !== 'number') return null;
    return value as LiveEvent;
  } catch {
    return null;
  }
}

/** The part of EventSource used here, so tests can pass a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface LiveConnectionOptions {
  url: string;
  onEvent: (event: LiveEvent) => void;
  onState: (state: LiveState) => void;
  /** Called after a connection was lost and made anew: events may have been missed. */
  onReconnect?: () => void;
  open?: (url: string) => EventSourceLike;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** EventSource's CLOSED state (the constant is not there outside browsers). */
const CLOSED = 2;

/** Opens the feed and keeps it open until the returned function is called. */
export function connectLiveEvents(options: LiveConnectionOptions): () => void {
  const open = options.open ?? ((url: string) => new EventSource(url, { withCredentials: true }));
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let source: EventSourceLike | null = null;
  let retry: unknown = null;
  let delay = LIVE_RETRY_MS;
  let everOpened = false;
  let lost = false;
  let closed = false;

  const connect = () => {
    retry = null;
    options.onState('connecting');
    const current = open(options.url);
    source = current;
    current.onopen = () => {
      delay = LIVE_RETRY_MS;
      options.onState('open');
      if (everOpened && lost) options.onReconnect?.();
      everOpened = true;
      lost = false;
    };
    current.onmessage = (message) => {
      const event = parseLiveEvent(message.data);
      if (event) options.onEvent(event);
    };
    current.onerror = () => {
      if (closed) return;
      lost = true;
      if (current.readyState !== CLOSED) {
        // The browser is reconnecting by itself.
        options.onState('connecting');
        return;
      }
      current.close();
      options.onState('closed');
      retry = setTimer(connect, delay);
      delay = Math.min(delay * LIVE_RETRY_FACTOR, LIVE_RETRY_MAX_MS);
    };
  };

  connect();
  return () => {
    closed = true;
    if (retry !== null) clearTimer(retry);
    source?.close();
    source = null;
  };
}

export interface LiveEventHandlers {
  /** Called again after a connection was lost and made anew: events may have been missed. */
  onReconnect?: () => void;
}

/**
 * Opens the feed (for one station, or every station in the viewer's scope) and hands each
 * event to `onEvent`. Returns the connection state, for a "live" indicator.
 */
export function useLiveEvents(
  stationId: number | undefined,
  onEvent: (event: LiveEvent) => void,
  handlers: LiveEventHandlers = {},
): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  // The latest callbacks, without reopening the stream when a render makes new ones.
  const onEventRef = useRef(onEvent);
  const onReconnectRef = useRef(handlers.onReconnect);
  useEffect(() => {
    onEventRef.current = onEvent;
    onReconnectRef.current = handlers.onReconnect;
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setState('closed');
      return;
    }
    return connectLiveEvents({
      url: apiUrl('/api/monitor/events', stationId === undefined ? undefined : { stationId }),
      onEvent: (event) => onEventRef.current(event),
      onState: setState,
      onReconnect: () => onReconnectRef.current?.(),
    });
  }, [stationId]);

  return state;
}
