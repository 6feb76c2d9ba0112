import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../test/harness';
import { DEVICE_STATIONS_MAX_ENTRIES, DeviceStations } from './device-stations';

/** The device station cache stays bounded (issue 20 #23): codes named at random do not grow it for good. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

describe('DeviceStations cache', () => {
  it('holds at most its bound, dropping the oldest entries; a station still resolves', async () => {
    const stations = new DeviceStations(ctx.db, ctx.app.bus, 5);
    try {
      for (let i = 0; i < 40; i++) expect(await stations.byCode(`NO-SUCH-${i}`)).toBeNull();
      expect(stations.size).toBe(5);
      expect((await stations.byCode('NWP-SH01'))?.code).toBe('NWP-SH01');
      expect(stations.size).toBe(5);
    } finally {
      stations.close();
    }
    expect(DEVICE_STATIONS_MAX_ENTRIES).toBe(10_000);
  });
});
