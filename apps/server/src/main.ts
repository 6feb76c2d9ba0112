import { pino, type Logger } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openPglite, openPostgres, type Database } from './db/client';
import { DataDirLockedError } from './db/lock';
import { probeDelay } from './db/availability';
import { isDatabaseUnavailable } from './lib/db-errors';
import { firstStart, type FirstStartResult } from './seed/first-start';
import { startMqtt } from './modules/ingest/mqtt';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** How long a shutdown may take before the process exits anyway (with 1). */
const SHUTDOWN_LIMIT_MS = 30_000;

async function main() {
  const config = loadConfig();
  config.webDist ??= path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const logger = pino({ level: config.logLevel });

  let database: Database;
  try {
    database = config.databaseUrl ? await openPostgresWhenReachable(config.databaseUrl, logger) : await openPglite(config.dataDir, { thread: 'worker', onThreadStopped: (error) => logger.error({ err: error }, 'the embedded database\'s thread stopped: starting it again') });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
  logger.info({ kind: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined }, 'database open');
  await database.migrate();
  const seeded = await firstStart(database.db, config);

  // On PostgreSQL, two threads prepare large device batches while this one talks to the database
  // (the embedded database is the bottleneck there, and every thread costs memory).
  const app = await buildApp({ config, db: database.db, logger, prepareWorkers: database.kind === 'postgres' ? 2 : 0 });
  // A connection lost by the pool (a restart, a failover, a terminated backend) starts an outage
  // the app logs once and rides out; it never stops the process (issue 32).
  database.onConnectionError = (error) => {
    if (!app.database.failed(error)) logger.warn({ err: error }, 'database connection error');
  };
  // Session cleanup, the offline sweep, mail digests, command timeouts: leased, once across instances.
  app.jobs.start();
  // Veeder-Root TLS consoles of the stations that have one, polled over TCP.
  await app.atg.start();
  const mqttService = await startMqtt({ ingest: app.ingest, port: config.mqttPort, url: config.mqttUrl, host: config.host, logger, commands: app.deviceCommands.mqttHooks(), metrics: app.metrics, database: app.database });
  // Commands to devices: handed over MQTT when there is a broker; those not answered in time are cancelled.
  app.deviceCommands.attachMqtt(mqttService.publish);
  // /api/ready names the external broker's state (a lost broker degrades MQTT; the instance stays ready).
  app.readiness.watchBroker(() => mqttService.connected());
  let stopFleet: (() => Promise<void>) | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // A close that hangs (a broker or database that never answers) must not keep the process,
    // and its port, for ever: the orchestrator would wait on it. Not counted as a clean exit.
    setTimeout(() => {
      logger.error({ signal }, 'shutdown did not finish in 30 s: exiting anyway');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    // First, before anything waits: /api/ready answers 503, so the load balancer sends no more.
    app.readiness.stop();
    logger.info({ signal }, 'shutting down');
    await stopFleet?.();
    // Leaves the broker's share group first (the other instances take the devices' messages),
    // then answers the messages it has taken; no commands go out from here any more.
    app.deviceCommands.attachMqtt(null);
    await mqttService.close();
    // app.close(): preClose hooks stop the periodic jobs (a round in progress finishes, the
    // leases are released so another instance takes them at once) and end the open live streams
    // (alarm feed, monitor events: their clients reconnect, through the load balancer, to
    // another instance, and get what they missed with Last-Event-ID); then the listener closes,
    // requests in flight finish (new ones get 503), and onClose hooks close the live bus, the
    // ingest's batches and workers, the mail transport and the ATG poller.
    await app.close();
    await database.close();
    logger.info({ signal }, 'stopped');
    process.exit(0);
  };
  // The last line of defence: a promise nobody awaited, rejected because a dependency went away,
  // would otherwise stop every instance at once. Each is a defect to fix where it happens.
  process.on('unhandledRejection', (reason) => {
    if (!app.database.failed(reason)) logger.error({ err: reason }, 'unhandled promise rejection (a defect: please report it)');
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') fail(`Port ${config.port} on ${config.host} is in use. Stop what uses it, or set PORT.`);
    throw error;
  }
  printWelcome(`http://${config.host}:${config.port}`, seeded, config.demo === 'on');
  if (config.simulator) {
    // The simulator is loaded only for the demo: a server without it never reads that code.
    const { startDemoFleet } = await import('./seed/demo-fleet');
    const fleet = await startDemoFleet(database.db, app.bus, `http://${config.host}:${config.port}`, { intervalMs: config.simulatorIntervalMs, backfillDays: config.demoBackfillDays, progress: app.demoHistory }, logger);
    stopFleet = fleet && (() => fleet.stop());
  }
}

function printWelcome(url: string, seeded: FirstStartResult, demo: boolean) {
  const lines = ['', `  Ullage is running at ${url}`, ''];
  if (seeded.created) {
    const admin = seeded.adminPassword!;
    lines.push(`  Sign in as admin with password ${admin.generated ? `${admin.value}  (generated: shown this once)` : 'from ADMIN_PASSWORD'}`);
    if (demo && seeded.demoPassword) {
      const d = seeded.demoPassword;
      lines.push(
        `  Demo organisation: ${seeded.demoStations} stations. Accounts demo-distributor, demo-company, demo-station`,
        `  with password ${d.generated ? `${d.value}  (generated: shown this once)` : 'from DEMO_PASSWORD'}`,
      );
    }
  } else {
    lines.push('  Sign in with the accounts created on the first start.');
  }
  lines.push('');
  process.stdout.write(lines.join('\n') + '\n');
}

/**
 * Opens the PostgreSQL database, waiting for it while it cannot be reached (a database restarting
 * beside the server, a failover in progress): an instance never exits because a dependency is
 * away, at start-up either. The wait is logged once, and so is its end. A refusal that waiting
 * will not cure (a wrong password, a database that does not exist) stops the start at once.
 */
async function openPostgresWhenReachable(url: string, logger: Logger): Promise<Database> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const database = await openPostgres(url);
      if (attempt > 1) logger.info({ waitedSeconds: Math.round((Date.now() - started) / 1000) }, 'database reachable: starting');
      return database;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (attempt === 1) logger.warn({ err: error }, 'database unreachable: waiting for it before starting');
      await new Promise((resolve) => setTimeout(resolve, probeDelay(attempt)));
    }
  }
}

function fail(message: string): never {
  process.stderr.write(`ullage: ${message}\n`);
  process.exit(1);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) fail(error.message);
  process.stderr.write(`ullage: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
