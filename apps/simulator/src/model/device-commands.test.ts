import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DeviceCommand } from '@ullage/contracts/device';
import { createCommandHandler, FACTORY_FIRMWARE } from './device-commands';
import { testStation } from './test-station';

const at = '2026-01-01T00:00:00.000Z';
const base = { issuedAt: at, expiresAt: at };
const obedient = { refuseRate: 0, silentRate: 0 };
const now = () => Date.parse('2026-01-01T00:00:00Z');

describe('a simulated device obeying commands (docs/device-protocol.md "Commands")', () => {
  it('applies a height-volume table: the tank’s heights follow it; answers once per command id', async () => {
    const station = testStation('A');
    const handler = createCommandHandler(station, { behaviour: obedient, now, server: { host: '127.0.0.1', port: 8080 } });
    const points = [{ heightMm: 0, volumeL: 0 }, { heightMm: 2500, volumeL: 30_000 }];
    const command: DeviceCommand = { ...base, id: 7, kind: 'strapping', params: { tank: '2', points } };
    expect(await handler.handle(command)).toEqual([{ id: 7, status: 'success', device: { firmwareVersion: FACTORY_FIRMWARE, time: at, serverHost: '127.0.0.1', serverPort: 8080 } }]);
    expect(station.tanks[1]!.strapping).toEqual(points);
    expect(station.tanks[0]!.strapping).not.toEqual(points);
    expect(await handler.handle(command)).toEqual([]); // handed over again: already answered
    expect(handler.stats()).toEqual({ received: 1, succeeded: 1, refused: 0, ignored: 0 });
  });

  it('sets its clock, and refuses one more than a day off', async () => {
    const handler = createCommandHandler(testStation('A'), { behaviour: obedient, now });
    const [ok] = await handler.handle({ ...base, id: 1, kind: 'clock', params: { mode: 'set', time: '2026-01-01T02:00:00.000Z' } });
    expect(ok).toMatchObject({ status: 'success', device: { time: '2026-01-01T02:00:00.000Z' } });
    expect(handler.settings.clockOffsetMs).toBe(2 * 3_600_000);
    const [refused] = await handler.handle({ ...base, id: 2, kind: 'clock', params: { mode: 'set', time: '2026-03-01T00:00:00.000Z' } });
    expect(refused).toMatchObject({ status: 'failed', reason: 'clock out of range: at most 24 h from the current time' });
  });

  it('downloads firmware, checks its checksum, reports progress and its new version', async () => {
    const image = Buffer.from('image v2');
    const sha256 = createHash('sha256').update(image).digest('hex');
    const firmware = (id: number): DeviceCommand => ({ ...base, id, kind: 'firmware', params: { firmwareId: 1, version: '20261122', deviceType: 'ullage-collector', fileName: 'c.bin', sizeBytes: image.length, sha256, url: '/f' } });
    const good = createCommandHandler(testStation('A'), { behaviour: obedient, now, download: async () => image });
    expect((await good.handle(firmware(1))).map((a) => `${a.status}:${a.progress ?? ''}:${a.device?.firmwareVersion ?? ''}`)).toEqual(['progress:50:', 'success::20261122']);
    const corrupt = createCommandHandler(testStation('A'), { behaviour: obedient, now, download: async () => Buffer.from('image v3') });
    const [refused] = await corrupt.handle(firmware(2));
    expect(refused).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^checksum mismatch/), device: { firmwareVersion: FACTORY_FIRMWARE } });
    const offline = createCommandHandler(testStation('A'), { behaviour: obedient, now });
    expect((await offline.handle(firmware(3)))[0]).toMatchObject({ status: 'failed', reason: 'no HTTP address to download the firmware from' });
  });

  it('now and then refuses or never answers, as configured (deterministic for a seed)', async () => {
    const clock: DeviceCommand = { ...base, id: 1, kind: 'clock', params: { mode: 'sync', time: at } };
    const refusing = createCommandHandler(testStation('A'), { behaviour: { refuseRate: 1, silentRate: 0 }, now });
    expect((await refusing.handle(clock))[0]).toMatchObject({ status: 'failed', reason: expect.any(String) });
    const silent = createCommandHandler(testStation('A'), { behaviour: { refuseRate: 0, silentRate: 1 }, now });
    expect(await silent.handle(clock)).toEqual([]);
    expect(silent.stats()).toMatchObject({ received: 1, ignored: 1 });
    const mixed = createCommandHandler(testStation('B'), { now, seed: 3 });
    const outcomes: string[] = [];
    for (let id = 1; id <= 200; id++) {
      const acks = await mixed.handle({ ...clock, id });
      outcomes.push(acks[0]?.status ?? 'none');
    }
    const count = (s: string) => outcomes.filter((o) => o === s).length;
    expect(count('success')).toBeGreaterThan(150);
    expect(count('failed')).toBeGreaterThan(5);
    expect(count('none')).toBeGreaterThan(2);
  });
});
