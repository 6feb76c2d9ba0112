import { describe, expect, it } from 'vitest';
import { summaryPlan, type Span } from './summary-plan';

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
