import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { webhookPayload } from '@ullage/domain/webhook-events';
import { afterFailure, endpointGivesUp, isDelivered, RETRY_WINDOW_MS } from '@ullage/domain/webhook-retry';
import type { Db } from '../../db/client';
import { checkWebhookUrl, systemResolve, type Resolve } from './address';
import { postWebhook, type PostOutcome } from './http-post';
import type { DisabledEndpoint } from './owner-notice';
import * as repo from './repo';

export interface SenderOptions {
  /** WEBHOOK_ALLOW_PRIVATE: deliveries may go to private, loopback and link-local addresses. */
  allowPrivate: boolean;
  /** One attempt's limit, connection to last byte (10 s). */
  timeoutMs?: number;
  /** A response is read to this size, then the connection is closed (64 KB). */
  maxResponseBytes?: number;
  /** Endpoints sent to at once (4): one slow endpoint holds one slot, not the queue. */
  concurrency?: number;
  /** Deliveries of one endpoint claimed at a time, sent one after another, oldest first (10). */
  perEndpoint?: number;
  resolve?: Resolve;
  /** Told when an endpoint is disabled after a day of failures (its owner is mailed: owner-notice.ts). */
  onDisabled?: (endpoint: DisabledEndpoint) => Promise<void>;
}

/**
 * Sends the outbox's due deliveries (issue 38), signed with the Standard Webhooks scheme. The
 * periodic job (leased: one instance sends) starts a round every second; a round claims due
 * deliveries of endpoints it is not already sending to and sends them, each endpoint's in order
 * on one lane, several endpoints at once. It does not wait for a slow endpoint before the next
 * round: that endpoint is simply busy until its lane ends. An attempt that fails waits its
 * backoff (webhook-retry.ts); the endpoint's other claimed deliveries wait behind it.
 */
export class WebhookSender {
  private readonly lanes = new Map<number, Promise<void>>();
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly concurrency: number;
  private readonly perEndpoint: number;
  private claiming = false;
  private stopping = false;

  constructor(
    private readonly deps: { db: Db; clock: () => Date; logger: FastifyBaseLogger },
    private readonly options: SenderOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxBytes = options.maxResponseBytes ?? 64 * 1024;
    this.concurrency = options.concurrency ?? 4;
    this.perEndpoint = options.perEndpoint ?? 10;
  }

  /**
   * Claims what is due and starts sending it; answers the number claimed without waiting for
   * the sends (the periodic job's round). `settled()` waits for them.
   */
  async startRound(): Promise<number> {
    // One claim at a time: two at once could both take an endpoint as free and send it on two lanes.
    if (this.claiming || this.stopping) return 0;
    this.claiming = true;
    try {
      return await this.claimAndStart();
    } finally {
      this.claiming = false;
    }
  }

  /** A round now rather than at the next tick (a test event, a redelivery); errors are logged. */
  wake(): void {
    this.startRound().catch((error: unknown) => this.deps.logger.warn({ err: error }, 'webhook round failed'));
  }

  /** No new rounds; each lane ends after its current attempt, and what it had not sent is due again at once. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.settled();
  }

  private async claimAndStart(): Promise<number> {
    const free = this.concurrency - this.lanes.size;
    if (free <= 0) return 0;
    const now = this.deps.clock();
    // A claim lasts while its endpoint's lane may still be sending it; a sender that dies leaves it due again after that.
    const leaseMs = Math.max(5 * 60_000, 2 * this.perEndpoint * this.timeoutMs);
    const claimed = await repo.claimDue(this.deps.db, { now, leaseUntil: new Date(now.getTime() + leaseMs), limit: free * this.perEndpoint, perEndpoint: this.perEndpoint, busy: [...this.lanes.keys()] });
    const byEndpoint = new Map<number, repo.ClaimedDelivery[]>();
    for (const d of claimed) byEndpoint.set(d.endpointId, [...(byEndpoint.get(d.endpointId) ?? []), d]);
    for (const [endpointId, deliveries] of [...byEndpoint].slice(0, free)) {
      const lane = this.sendLane(deliveries)
        .catch((error: unknown) => this.deps.logger.warn({ err: error, endpointId }, 'webhook lane failed'))
        .finally(() => this.lanes.delete(endpointId));
      this.lanes.set(endpointId, lane);
    }
    // Claimed beyond the free lanes (several endpoints' deliveries in one claim): due again at once.
    const unsent = [...byEndpoint].slice(free).flatMap(([, ds]) => ds.map((d) => d.id));
    await repo.postpone(this.deps.db, unsent, now);
    return claimed.length;
  }

  /** Waits for the sends in progress. */
  async settled(): Promise<void> {
    while (this.lanes.size > 0) await Promise.all([...this.lanes.values()]);
  }

  /** One round, waiting for its sends: what tests and a bench call. */
  async runOnce(): Promise<number> {
    const n = await this.startRound();
    await this.settled();
    return n;
  }

  private async sendLane(deliveries: repo.ClaimedDelivery[]): Promise<void> {
    for (const [i, delivery] of deliveries.entries()) {
      if (this.stopping) return repo.postpone(this.deps.db, deliveries.slice(i).map((d) => d.id), this.deps.clock());
      const failedUntil = await this.attempt(delivery);
      if (failedUntil !== null) {
        // The endpoint failed: its later deliveries wait behind this one rather than hammer it now.
        await repo.postpone(this.deps.db, deliveries.slice(i + 1).map((d) => d.id), failedUntil);
        return;
      }
    }
  }

  /** Sends one delivery and records the outcome; answers when the next attempt is due if it failed, else null. */
  private async attempt(delivery: repo.ClaimedDelivery): Promise<Date | null> {
    const { db, clock, logger } = this.deps;
    const body = JSON.stringify(webhookPayload(delivery.event));
    const outcome = await this.post(delivery, body);
    const at = clock();
    const attempts = delivery.attempts + 1;
    const retryUntil = delivery.retryUntil ? new Date(delivery.retryUntil) : new Date(at.getTime() + RETRY_WINDOW_MS);
    const result = { id: delivery.id, attempts, retryUntil, at, statusCode: outcome.statusCode, error: outcome.error, durationMs: outcome.durationMs, excerpt: outcome.excerpt };
    if (outcome.statusCode !== null && isDelivered(outcome.statusCode)) {
      await repo.recordAttempt(db, { ...result, status: 'succeeded', nextAttemptAt: null });
      await repo.endpointSucceeded(db, delivery.endpointId);
      return null;
    }
    const next = afterFailure(attempts, at.getTime(), retryUntil.getTime());
    const nextAttemptAt = next.status === 'failed' ? new Date(next.nextAttemptMs) : null;
    await repo.recordAttempt(db, { ...result, status: next.status, nextAttemptAt });
    const failing = await repo.endpointFailed(db, delivery.endpointId, at);
    if (failing && endpointGivesUp(Date.parse(failing.failingSince), at.getTime())) {
      const disabled = await repo.disableFailingEndpoint(db, delivery.endpointId);
      // Its owners see it on the webhooks page (disabled: failing since …); its maker is mailed.
      if (disabled) {
        logger.warn({ endpointId: delivery.endpointId, url: disabled.url, failingSince: failing.failingSince }, 'webhook endpoint disabled: every delivery failed for 24 hours');
        await this.options.onDisabled?.({ endpointId: delivery.endpointId, url: disabled.url, createdBy: disabled.createdBy, failingSince: failing.failingSince });
      }
    }
    return nextAttemptAt ?? at;
  }

  private async post(delivery: repo.ClaimedDelivery, body: string): Promise<PostOutcome> {
    // Checked again on each attempt, on the address connected to: a name may have been pointed inside since it was saved.
    const check = await checkWebhookUrl(delivery.url, this.options.allowPrivate, this.options.resolve ?? systemResolve);
    if (!check.ok) return { statusCode: null, excerpt: null, error: `refused: ${check.detail}`, durationMs: 0 };
    // The signature's time is the real one (a receiver compares it with its own clock), whatever the scheduling clock says.
    const signedAt = new Date();
    const signature = new Webhook(delivery.secret).sign(delivery.event.uid, signedAt, body);
    const headers = { 'webhook-id': delivery.event.uid, 'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)), 'webhook-signature': signature };
    return postWebhook(check.url, check.target, headers, body, { timeoutMs: this.timeoutMs, maxBytes: this.maxBytes });
  }
}
