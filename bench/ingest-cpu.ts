/**
 * CPU time of the processes a bench window keeps busy, from /proc (Linux): a process's
 * utime + stime (all its threads) in /proc/<pid>/stat, in clock ticks of 10 ms.
 */
import fs from 'node:fs';
import os from 'node:os';

const TICK_MS = 10;

/** utime + stime of a process in ms; null when it is gone. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** Every PostgreSQL process's CPU ms, and which of them serve `database` ("postgres: user db host(port) …"). */
function postgresSnapshot(database: string): Map<number, { ms: number; ofDb: boolean }> {
  const out = new Map<number, { ms: number; ofDb: boolean }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    let cmdline: string;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      continue;
    }
    const ms = processCpuMs(pid);
    if (ms === null) continue;
    const words = cmdline.trim().split(/\s+/);
    out.set(pid, { ms, ofDb: cmdline.startsWith('postgres:') && words.includes(database) });
  }
  return out;
}

export interface CpuFigures {
  /** ms of CPU over the window. */
  serverMs: number;
  /** PostgreSQL backends connected to the bench database. */
  pgDbMs: number;
  /** Every PostgreSQL process (backends of any database, WAL writer, checkpointer, autovacuum…). */
  pgAllMs: number;
  /** This bench process (the client making the load). */
  clientMs: number;
  /** os.loadavg()[0] at the window's end. */
  load: number;
}

/** Starts measuring; the function it answers ends the window and answers the CPU used in it. */
export function cpuWindow(serverPid: number, database: string): () => CpuFigures {
  const server0 = processCpuMs(serverPid) ?? 0;
  const pg0 = postgresSnapshot(database);
  const client0 = process.cpuUsage();
  return () => {
    const server1 = processCpuMs(serverPid) ?? server0;
    const pg1 = postgresSnapshot(database);
    const client = process.cpuUsage(client0);
    let pgDbMs = 0;
    let pgAllMs = 0;
    // A process started in the window counts from zero; one that ended in it is lost (rare: pools keep their connections).
    for (const [pid, now] of pg1) {
      const used = now.ms - (pg0.get(pid)?.ms ?? 0);
      pgAllMs += used;
      if (now.ofDb) pgDbMs += used;
    }
    return { serverMs: server1 - server0, pgDbMs, pgAllMs, clientMs: (client.user + client.system) / 1000, load: os.loadavg()[0]! };
  };
}
