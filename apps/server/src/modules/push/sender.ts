import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { addressAllowed, endpointProblem } from '@ullage/domain/push-endpoint';
import type { Db } from '../../db/client';
import type { VapidKeyStore } from './keys';
import * as repo from './repo';

/** Where one message goes: a subscription as stored. */
export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSenderOptions {
  /** The VAPID contact (config.vapidSubject). */
  subject: string;
  /** A push service on loopback over http may be called (tests only: config.pushLoopbackEndpoints). */
  loopback: boolean;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Each request's whole time, connecting included. */
  timeoutMs?: number;
  /** Messages waiting beyond this are dropped (a push service that stalls must not grow the queue without end). */
  maxQueued?: number;
}

/** An alarm is worth a phone's attention for an hour; after that the push service may drop it. */
const TTL_SECONDS = 3600;

class RefusedAddress extends Error {
  constructor(hostname: string) {
    super(`${hostname} resolves to a loopback or private address`);
  }
}

/**
 * Sends encrypted Web Push messages (RFC 8291, aes128gcm, VAPID) without holding up whoever
 * queues them: a queue, at most `concurrency` requests at once, each bounded in time; a push
 * service that answers 404 or 410 (the browser unsubscribed) loses the subscription; other
 * failures are noted on the subscription and logged. web-push encrypts and signs; the request is
 * ours, so that it can refuse a name resolving to a private address and keep to its time.
 */
export class PushSender {
  private readonly queue: { target: PushTarget; payload: string; topic: string }[] = [];
  private active = 0;
  private idleWaiters: (() => void)[] = [];
  private overflowLogged = false;
  private stopped = false;

  constructor(
    private readonly deps: { db: Db; keys: VapidKeyStore; logger: FastifyBaseLogger },
    private readonly options: PushSenderOptions,
  ) {}

  /** Queues one message; `topic` (base64url, ≤ 32) lets the push service replace an undelivered one of the same alarm. */
  enqueue(target: PushTarget, payload: string, topic: string): void {
    if (this.stopped) return;
    if (this.queue.length >= (this.options.maxQueued ?? 10_000)) {
      if (!this.overflowLogged) this.deps.logger.warn({ queued: this.queue.length }, 'push notifications are queued faster than push services take them: new ones are dropped until the queue shrinks');
      this.overflowLogged = true;
      return;
    }
    this.overflowLogged = false;
    this.queue.push({ target, payload, topic });
    this.pump();
  }

  /** Resolves when nothing is queued or in flight (tests, shutdown). */
  idle(): Promise<void> {
    if (this.active === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops what is queued and waits for the requests in flight (each ends within its timeout). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    await this.idle();
  }

  private pump(): void {
    while (this.active < (this.options.concurrency ?? 8) && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.active++;
      void this.deliver(job.target, job.payload, job.topic)
        .catch((error: unknown) => this.deps.logger.warn({ err: error, subscriptionId: job.target.id }, 'push notification not recorded'))
        .finally(() => {
          this.active--;
          this.pump();
          if (this.active === 0 && this.queue.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
        });
    }
  }

  private async deliver(target: PushTarget, payload: string, topic: string): Promise<void> {
    const { db, logger } = this.deps;
    const log = { subscriptionId: target.id, host: hostOf(target.endpoint) };
    // Checked when it was saved; checked again, since the rule may have changed since (tests' loopback).
    const problem = endpointProblem(target.endpoint, { loopback: this.options.loopback });
    if (problem) {
      await repo.dropSubscription(db, target.id);
      logger.warn({ ...log, problem }, 'push subscription dropped: its endpoint may not be called');
      return;
    }
    const keys = await this.deps.keys.get();
    const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: { subject: this.options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: TTL_SECONDS,
      urgency: 'high',
      topic,
      contentEncoding: 'aes128gcm',
    });
    let status: number;
    try {
      status = await this.post(target.endpoint, request.headers as Record<string, string | number>, request.body);
    } catch (error) {
      if (error instanceof RefusedAddress) {
        await repo.dropSubscription(db, target.id);
        logger.warn({ ...log, err: error.message }, 'push subscription dropped: its endpoint may not be called');
        return;
      }
      const reason = error instanceof Error ? error.message : String(error);
      await repo.markFailed(db, target.id, new Date(), reason);
      logger.warn({ ...log, err: reason }, 'push notification not sent');
      return;
    }
    if (status >= 200 && status < 300) {
      await repo.markDelivered(db, target.id, new Date());
    } else if (status === 404 || status === 410) {
      // The browser unsubscribed, or the push service forgot it: it will never be reached again.
      await repo.dropSubscription(db, target.id);
      logger.info({ ...log, status }, 'push subscription gone: removed');
    } else {
      await repo.markFailed(db, target.id, new Date(), `HTTP ${status}`);
      logger.warn({ ...log, status }, 'push notification refused by the push service');
    }
  }

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? 10_000;
  }

  /** POSTs the encrypted body; answers the status. The response's body is not read (nothing in it is needed). */
  private post(endpoint: string, headers: Record<string, string | number>, body: Buffer | null): Promise<number> {
    const url = new URL(endpoint);
    const client = url.protocol === 'https:' ? https : http;
    const signal = AbortSignal.timeout(this.timeoutMs);
    return new Promise((resolve, reject) => {
      const req = client.request(url, { method: 'POST', headers, lookup: this.lookup, signal }, (res) => {
        res.resume();
        res.on('error', () => undefined);
        resolve(res.statusCode ?? 0);
      });
      req.on('error', (error) => reject(signal.aborted ? new Error(`no answer in ${this.timeoutMs / 1000} s`) : error));
      req.end(body ?? undefined);
    });
  }

  /** Name resolution that refuses a push service's name resolving to a loopback or private address. */
  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || !list.every((a) => addressAllowed(a.address, { loopback: this.options.loopback }))) return callback(new RefusedAddress(hostname), '', 4);
      if (options.all) return (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

function hostOf(endpoint: string): string | undefined {
  try {
    return new URL(endpoint).host;
  } catch {
    return undefined;
  }
}
