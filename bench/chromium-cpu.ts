import fs from 'node:fs';
import { processCpuMs } from './ingest-cpu';

/** Chromium's processes alive now, with their command lines (its kind of process is in them). */
export function chromiumProcesses(): { pid: number; cmdline: string }[] {
  const found: { pid: number; cmdline: string }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes('chromium')) found.push({ pid: Number(entry), cmdline });
    } catch {
      // gone between the listing and the read
    }
  }
  return found;
}

/** CPU milliseconds of the Chromium processes alive now (a renderer that exited took its figure with it). */
export function chromiumCpuMs(): number {
  return chromiumProcesses().reduce((sum, { pid }) => sum + (processCpuMs(pid) ?? 0), 0);
}
