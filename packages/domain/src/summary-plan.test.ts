import { describe, expect, it } from 'vitest';
import { clipPlan, rollupTargets, summaryPlan, type Span } from './summary-plan';

const at = (iso: string) => Date.parse(iso);
const iso = (spans: Span[]) => spans.map(([a, b]) => `${new Date(a).toISOString().slice(0, 16)}–${new Date(b).toISOString().slice(0, 16)}`);
const plan = (from: string, to: string, bucketSeconds: number) => {
  const p = summaryPlan(at(from), at(to), bucketSeconds);
  return { raw: iso(p.raw), hourly: iso(p.hourly), daily: iso(p.daily) };
};

describe('where a range of readings is read from', () => {
  it('reads raw readings when a bucket is not whole hours', () => {
    expect(plan('2026-01-01T00:00Z', '2026-01-11T00:00Z', 600)).toEqual({ raw: ['2026-01-01T00:00–2026-01-11T00:00'], hourly: [], daily: [] });
  });

  it('reads whole hours from the hourly summaries and the minutes at either end raw', () => {
    expect(plan('2026-01-01T10:17Z', '2026-01-03T08:45Z', 3600)).toEqual({
      raw: ['2026-01-01T10:17–2026-01-01T11:00', '2026-01-03T08:00–2026-01-03T08:45'],
      hourly: ['2026-01-01T11:00–2026-01-03T08:00'],
      daily: [],
    });
  });

  it('reads whole days from the daily summaries when buckets are whole days', () => {
    expect(plan('2024-11-27T10:17Z', '2026-11-27T08:45Z', 86_400)).toEqual({
      raw: ['2024-11-27T10:17–2024-11-27T11:00', '2026-11-27T08:00–2026-11-27T08:45'],
      hourly: ['2024-11-27T11:00–2024-11-28T00:00', '2026-11-27T00:00–2026-11-27T08:00'],
      daily: ['2024-11-28T00:00–2026-11-27T00:00'],
    });
  });

  it('leaves out empty ends when the range is aligned', () => {
    expect(plan('2026-01-01T00:00Z', '2026-03-01T00:00Z', 2 * 86_400)).toEqual({ raw: [], hourly: [], daily: ['2026-01-01T00:00–2026-03-01T00:00'] });
    expect(plan('2026-01-01T05:00Z', '2026-01-01T09:00Z', 86_400)).toEqual({ raw: [], hourly: ['2026-01-01T05:00–2026-01-01T09:00'], daily: [] });
  });

  it('reads a range inside one hour raw, and nothing for an empty range', () => {
    expect(plan('2026-01-01T05:10Z', '2026-01-01T05:50Z', 3600)).toEqual({ raw: ['2026-01-01T05:10–2026-01-01T05:50'], hourly: [], daily: [] });
    expect(plan('2026-01-01T05:10Z', '2026-01-01T05:10Z', 3600)).toEqual({ raw: [], hourly: [], daily: [] });
  });

  it('covers the range exactly once', () => {
    const from = at('2025-02-03T04:05:06Z');
    const to = at('2026-07-08T09:10:11Z');
    const p = summaryPlan(from, to, 86_400);
    const spans = [...p.raw, ...p.hourly, ...p.daily].sort((a, b) => a[0] - b[0]);
    expect(spans[0]![0]).toBe(from);
    expect(spans.at(-1)![1]).toBe(to);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBe(spans[i - 1]![1]);
  });
});

describe('a plan kept to what the summaries job has rolled up', () => {
  const clipped = (from: string, to: string, bucketSeconds: number, hourlyUntil: string, dailyUntil: string) => {
    const p = clipPlan(summaryPlan(at(from), at(to), bucketSeconds), { hourlyUntilMs: at(hourlyUntil), dailyUntilMs: at(dailyUntil) });
    return { raw: iso(p.raw), hourly: iso(p.hourly), daily: iso(p.daily) };
  };

  it('reads the days not yet rolled up from their hours, and the hours not yet rolled up raw', () => {
    expect(clipped('2026-01-01T10:17Z', '2026-01-05T08:45Z', 86_400, '2026-01-04T05:00Z', '2026-01-03T00:00Z')).toEqual({
      raw: ['2026-01-01T10:17–2026-01-01T11:00', '2026-01-04T05:00–2026-01-05T08:45'],
      hourly: ['2026-01-01T11:00–2026-01-02T00:00', '2026-01-03T00:00–2026-01-04T05:00'],
      daily: ['2026-01-02T00:00–2026-01-03T00:00'],
    });
  });

  it('leaves a plan alone when the marks are past its end', () => {
    const p = summaryPlan(at('2026-01-01T10:17Z'), at('2026-01-05T08:45Z'), 86_400);
    expect(clipPlan(p, { hourlyUntilMs: at('2026-02-01T00:00Z'), dailyUntilMs: at('2026-02-01T00:00Z') })).toEqual(p);
  });

  it('reads everything raw when nothing is rolled up yet', () => {
    expect(clipped('2026-01-01T10:17Z', '2026-01-03T08:45Z', 86_400, '2025-12-01T00:00Z', '2025-12-01T00:00Z')).toEqual({
      raw: ['2026-01-01T10:17–2026-01-03T08:45'],
      hourly: [],
      daily: [],
    });
  });

  it('rolls up an hour once it ended an hour ago, a UTC day with its last hour', () => {
    const t = rollupTargets(at('2026-01-03T00:59Z'));
    expect([new Date(t.hourlyUntilMs).toISOString(), new Date(t.dailyUntilMs).toISOString()]).toEqual(['2026-01-02T23:00:00.000Z', '2026-01-02T00:00:00.000Z']);
    const u = rollupTargets(at('2026-01-03T01:00Z'));
    expect([new Date(u.hourlyUntilMs).toISOString(), new Date(u.dailyUntilMs).toISOString()]).toEqual(['2026-01-03T00:00:00.000Z', '2026-01-03T00:00:00.000Z']);
  });
});
