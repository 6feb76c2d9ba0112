import { pino } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openPglite, openPostgres, type Database } from './db/client';
import { DataDirLockedError } from './db/lock';
import { firstStart, type FirstStartResult } from './seed/first-start';
import { startMqtt } from './modules/ingest/mqtt';
import { startDemoFleet } from './seed/demo-fleet';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

async function main() {
  const config = loadConfig();
  config.webDist ??= path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const logger = pino({ level: config.logLevel });

  let database: Database;
  try {
    database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
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
  // Session cleanup, the offline sweep, mail digests, command timeouts: leased, once across instances.
  app.jobs.start();
  // Veeder-Root TLS consoles of the stations that have one, polled over TCP.
  await app.atg.start();
  const mqttService = await startMqtt({ ingest: app.ingest, port: config.mqttPort, url: config.mqttUrl, host: config.host, logger, commands: app.deviceCommands.mqttHooks(), metrics: app.metrics });
  // Commands to devices: handed over MQTT when there is a broker; those not answered in time are cancelled.
  app.deviceCommands.attachMqtt(mqttService.publish);
  // An external broker lost takes this instance out of the load balancer's rotation (/api/ready).
  app.readiness.watchBroker(() => mqttService.connected());
  let stopFleet: (() => Promise<void>) | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await stopFleet?.();
    app.deviceCommands.attachMqtt(null);
    await mqttService.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
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
    const fleet = await startDemoFleet(database.db, app.bus, `http://${config.host}:${config.port}`, { intervalMs: config.simulatorIntervalMs, backfillDays: config.demoBackfillDays }, logger);
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

function fail(message: string): never {
  process.stderr.write(`ullage: ${message}\n`);
  process.exit(1);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) fail(error.message);
  process.stderr.write(`ullage: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
