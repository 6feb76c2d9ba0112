import { describe, expect, it } from 'vitest';
import { cylinderStrappingTable } from '@ullage/domain/strapping';
import { localHour } from '@ullage/simulator/model/clock';
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

  it('mostly send metered sales as transactions with prices; one sends totalisers; two send none', () => {
    const by = (kind: string | undefined) => fleet.filter((s) => s.metering?.kind === kind).map((s) => s.code);
    expect(by('totaliser')).toEqual(['LSF-DA02']);
    expect(by(undefined).sort()).toEqual(['LSF-MX05', 'NWP-CA05']);
    expect(by('transactions')).toHaveLength(fleet.length - 3);
    expect(by('transactions')).toContain('NWP-SH01'); // the leak shows as a variance too
    for (const s of fleet.filter((x) => x.metering?.kind === 'transactions')) for (const t of s.tanks) expect(t.unitPrice).toBeGreaterThan(0);
    expect(fleet.find((s) => s.code === 'NWP-SZ02')!.tanks.map((t) => t.unitPrice)).toEqual([7.64, 8.13, 9.13, 7.32]);
  });

  it('have one meter error, one night theft and one short delivery, on metered tanks other than the leaking one', () => {
    const tanks = fleet.flatMap((s) => s.tanks.map((t) => ({ s, t })));
    const withOption = (key: 'meterErrorPct' | 'theft' | 'shortDelivery') => tanks.filter(({ t }) => t[key] !== undefined).map(({ s, t }) => ({ station: s.code, tank: t.code, metered: s.metering !== undefined, value: t[key] }));
    expect(withOption('meterErrorPct')).toEqual([{ station: 'NWP-SZ02', tank: '3', metered: true, value: 0.6 }]);
    const [theft, ...moreThefts] = withOption('theft');
    expect(moreThefts).toEqual([]);
    expect(theft).toMatchObject({ station: 'NWP-MD06', tank: '3', metered: true, value: { litres: 300, durationMs: 3_600_000 } });
    const theftAt = (theft!.value as { fromMs: number }).fromMs;
    // 25 days into the history (10 days before now with the default 35), at 01:30 in Madrid, while the station is closed.
    expect(theftAt - HISTORY_START).toBeGreaterThanOrEqual(25 * 86_400_000);
    expect(theftAt - HISTORY_START).toBeLessThan(26 * 86_400_000);
    expect(localHour('Europe/Madrid', theftAt)).toBe(1.5);
    expect(withOption('shortDelivery')).toEqual([{ station: 'LSF-DE03', tank: '1', metered: true, value: { pct: 1, fromMs: HISTORY_START + 12 * 86_400_000, untilMs: HISTORY_START + 30 * 86_400_000 } }]);
    expect(tanks.filter(({ t }) => t.leak && (t.meterErrorPct || t.theft || t.shortDelivery))).toEqual([]);
  });
});
