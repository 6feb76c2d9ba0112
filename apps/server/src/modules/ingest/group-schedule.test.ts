import { describe, expect, it } from 'vitest';
import { LARGE_GROUP_READINGS, MAX_GROUP_READINGS, SECOND_WRITER_READINGS, takeGroups, type Waiting } from './group-schedule';

interface Batch extends Waiting {
  name: string;
}
const batch = (name: string, count: number): Batch => ({ name, prepared: { readings: { count } } });
const names = (batches: readonly Batch[] | null) => batches?.map((b) => b.name) ?? null;
const state = (queue: Batch[], urgent: Batch[], running: number[] = [], laneRunning = false) => ({ queue, urgent, running, laneRunning, writers: 2, maxGroupReadings: MAX_GROUP_READINGS });

describe('which batches the writer starts together (group commit and the alarm lane)', () => {
  it('with no transaction running, takes every waiting batch in one group, alarm batches first', () => {
    const s = state([batch('a', 10), batch('b', 10)], [batch('alarm', 10)]);
    const { lane, groups } = takeGroups(s);
    expect(lane).toBeNull();
    expect(groups.map((g) => [names(g.batches), g.readings])).toEqual([[['alarm', 'a', 'b'], 30]]);
    expect(s.queue).toEqual([]);
    expect(s.urgent).toEqual([]);
  });

  it('behind a running device-sized group, an alarm batch waits to lead the next group: no transaction of its own', () => {
    const s = state([batch('a', 10)], [batch('alarm', 10)], [300]);
    expect(takeGroups(s)).toEqual({ lane: null, groups: [] });
    expect(names(s.urgent)).toEqual(['alarm']);
    // The running group commits: the next takes the alarm first.
    expect(takeGroups({ ...s, running: [] }).groups.map((g) => names(g.batches))).toEqual([['alarm', 'a']]);
  });

  it(`beside a running group of ${LARGE_GROUP_READINGS} readings or more, alarm batches go at once on the lane, one lane transaction at a time`, () => {
    const s = state([batch('a', 10)], [batch('alarm 1', 10), batch('alarm 2', 1)], [LARGE_GROUP_READINGS]);
    const first = takeGroups(s);
    expect(names(first.lane)).toEqual(['alarm 1', 'alarm 2']);
    expect(first.groups).toEqual([]);
    s.urgent.push(batch('alarm 3', 10));
    expect(takeGroups({ ...s, laneRunning: true })).toEqual({ lane: null, groups: [] });
    expect(names(s.urgent)).toEqual(['alarm 3']);
  });

  it(`starts a second bulk transaction only for a backlog of ${SECOND_WRITER_READINGS} readings or more, never a third`, () => {
    expect(takeGroups(state([batch('a', SECOND_WRITER_READINGS - 1)], [], [500])).groups).toEqual([]);
    const backlog = state([batch('a', SECOND_WRITER_READINGS)], [], [500]);
    expect(takeGroups(backlog).groups.map((g) => names(g.batches))).toEqual([['a']]);
    expect(takeGroups(state([batch('a', 5_000)], [], [500, 500])).groups).toEqual([]);
  });

  it(`closes a group at ${MAX_GROUP_READINGS} readings; a single larger batch still goes alone`, () => {
    const s = state([batch('a', 15_000), batch('b', 6_000), batch('c', 30_000)], []);
    s.writers = 3;
    expect(takeGroups(s).groups.map((g) => [names(g.batches), g.readings])).toEqual([
      [['a'], 15_000],
      [['b'], 6_000],
      [['c'], 30_000],
    ]);
  });
});
