import fp from 'fastify-plugin';
// `schema.hide` below is @fastify/swagger's: named here so the file compiles wherever it is imported (the benches).
import type {} from '@fastify/swagger';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One registry per app (tests build many apps in one process). The ingest and SSE series
 * are declared here so dashboards can be built before those features fill them.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'ullage_http_request_duration_seconds',
      help: 'HTTP request duration by route, method and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    ingestReadings: new Counter({
      name: 'ullage_ingest_readings_total',
      help: 'Tank readings accepted by ingest, by source',
      labelNames: ['source'] as const,
      registers: [registry],
    }),
    ingestLatency: new Histogram({
      name: 'ullage_ingest_batch_duration_seconds',
      help: 'Time from receiving a device batch to its commit',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
    alarmFanout: new Histogram({
      name: 'ullage_alarm_fanout_seconds',
      help: 'Time from an alarm being looked up to its frame written to the last open alarm feed of this instance',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    sseClients: new Gauge({ name: 'ullage_sse_clients', help: 'Open live-push feeds', registers: [registry] }),
    liveBusConnected: new Gauge({
      name: 'ullage_live_bus_connected',
      help: 'Whether live events cross to and from the other instances now (1) or not (0), by transport: redis, postgres, or local (one process, always 1)',
      labelNames: ['transport'] as const,
      registers: [registry],
    }),
    mqttConnected: new Gauge({
      name: 'ullage_mqtt_connected',
      help: 'External MQTT broker (MQTT_URL): 1 while this instance is connected and subscribed to the devices\' topics, 0 otherwise',
      registers: [registry],
    }),
    mqttMessages: new Counter({
      name: 'ullage_mqtt_messages_total',
      help: 'Device messages this instance took from MQTT, by kind (report: a report or tank readings; command-ack: an answer to a command) and outcome (accepted; refused: answered as refused, or an answer not taken; failed: a server error, not answered)',
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
    }),
    liveBusMessages: new Counter({
      name: 'ullage_live_bus_messages_total',
      help: 'Live bus messages: published (sent to the other instances), received (from another instance), dropped (not sent, or heard but unreadable)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

export const metricsPlugin = fp<{ metrics: Metrics }>(async (app, { metrics }) => {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration
      .labels(request.method, request.routeOptions.url ?? 'unmatched', String(reply.statusCode))
      .observe(reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
});
