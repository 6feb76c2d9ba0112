import { describe, expect, it } from 'vitest';
import { cylinderStrappingTable } from '@ullage/domain/strapping';
import type { SimulatedStationRow } from './demo-fleet-repo';
import { DEMO_COMPANIES, DEMO_PRODUCTS } from './demo-organisation';
import { demoSimStation } from './demo-sim-stations';

const HISTORY_START = Date.parse('2025-03-03T00:00:00Z');
const strapping = cylinderStrappingTable(2000, 5000, 50);

/** The demo organisation's stations as the fleet reads them from a freshly seeded database. */
const rows: SimulatedStationRow[] = DEMO_COMPANIES.flatMap((c) =>
  c.stations.map((s, id) => ({
    id,
    code: s.code,
    timezone: s.timezone,
    tanks: s.tanks.map((product, i) => ({
      code: String(i + 1),
      heightMm: 2000,
      capacityL: 15_710,
      strapping,
      productType: DEMO_PRODUCTS.find((p) => p.code === product)!.type,
      latest: null,
    })),
  })),
);
const fleet = rows.map((row) => demoSimStation(row, 'key', HISTORY_START));

describe('the demo fleet’s simulated stations', () => {
  it('have exactly one leaking tank, from the start of the history', () => {
    const leaking = fleet.flatMap((s) => s.tanks.filter((t) => t.leak).map((t) => ({ station: s.code, tank: t.code, leak: t.leak, product: t.product })));
    expect(leaking).toEqual([{ station: 'NWP-SH01', tank: '2', leak: { rateLph: 1.5, fromMs: HISTORY_START }, product: 'gasoline' }]);
  });

  it('mostly close at night, so leak tests find quiet hours', () => {
    const closing = fleet.filter((s) => s.openingHours);
    expect(closing.length).toBeGreaterThanOrEqual(fleet.length - 2);
    expect(fleet.find((s) => s.code === 'NWP-SH01')!.openingHours).toEqual({ opensHour: 6, closesHour: 22 });
  });

  it('know each tank’s product, for its expansion', () => {
    const sh01 = fleet.find((s) => s.code === 'NWP-SH01')!;
    expect(sh01.tanks.map((t) => t.product)).toEqual(['gasoline', 'gasoline', 'diesel']);
  });
});
