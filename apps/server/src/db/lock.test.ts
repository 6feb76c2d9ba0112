import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';

const dir = () => {
  const d = path.resolve('.tmp', `lock-${Math.random().toString(16).slice(2)}`);
  fs.mkdirSync(d, { recursive: true });
  return d;
};

describe('DATA_DIR lock (DESIGN.md §4: one process owns the embedded database)', () => {
  it('a second holder is refused with a clear message while the first holds it', () => {
    const d = dir();
    const release = acquireDataDirLock(d);
    expect(() => acquireDataDirLock(d)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(d)).toThrow(`is in use by another Ullage process (pid ${process.pid})`);
    release();
    const again = acquireDataDirLock(d);
    again();
    expect(fs.existsSync(path.join(d, 'ullage.lock'))).toBe(false);
  });

  it('a lock left by a process that no longer runs is taken over', () => {
    const d = dir();
    fs.writeFileSync(path.join(d, 'ullage.lock'), '999999');
    const release = acquireDataDirLock(d);
    expect(fs.readFileSync(path.join(d, 'ullage.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('the server refuses to start on a locked DATA_DIR: exit 1 and one line saying why', () => {
    const d = dir();
    const release = acquireDataDirLock(d);
    try {
      const child = spawnSync(process.execPath, ['--import', 'tsx', path.resolve('apps/server/src/main.ts')], {
        env: { ...process.env, DATA_DIR: d, PORT: '0', MQTT_PORT: '0', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(child.status).toBe(1);
      expect(child.stderr).toContain(`ullage: The data directory ${d} is in use by another Ullage process (pid ${process.pid})`);
    } finally {
      release();
    }
  });
});
