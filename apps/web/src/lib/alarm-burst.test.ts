import { describe, expect, it } from 'vitest';
import { createAlarmBurst, MAX_OPEN_ALARM_TOASTS, type BurstAlarm } from './alarm-burst';
import type { LiveAlarm } from './alarm-feed';
import { alarmRangeHref } from './alarm-links';

const base: LiveAlarm = { stationName: 'A', classifyName: null, tankCode: null, sensorNo: null, sensorTypeDesc: null, alarmTypeDesc: null, startTime: null };
const alarm = (n: number, extra: Partial<LiveAlarm> = {}): BurstAlarm => ({ key: `k${n}`, alarm: { ...base, alarmId: n, kind: 'leak', startedAt: new Date(Date.UTC(2026, 10, 25, 11, 0, n)).toISOString(), ...extra } });
const keys = (entries: readonly BurstAlarm[]) => entries.map((e) => e.key);

describe('alarm toast burst', () => {
  it('shows up to the cap, then holds the rest behind one summary that counts them', () => {
    const burst = createAlarmBurst(5);
    const steps = Array.from({ length: 30 }, (_, i) => burst.arrive(alarm(i + 1)));
    expect(steps.slice(0, 5).map((s) => keys(s.show))).toEqual([['k1'], ['k2'], ['k3'], ['k4'], ['k5']]);
    expect(steps.slice(0, 5).every((s) => s.summary === null)).toBe(true);
    // The sixth opens the summary; the others only change its count.
    expect(steps[5]).toEqual({ show: [], close: [], summary: 'open' });
    expect(steps.slice(6).every((s) => s.show.length === 0 && s.summary === null)).toBe(true);
    expect(burst.view()).toMatchObject({ open: ['k1', 'k2', 'k3', 'k4', 'k5'], waiting: 25 });
  });

  it('the app keeps two toasts open: with the summary, three fit a laptop screen unstacked', () => {
    const burst = createAlarmBurst();
    for (let i = 1; i <= 30; i++) burst.arrive(alarm(i));
    expect(burst.view()).toMatchObject({ open: ['k1', 'k2'], waiting: 28 });
    expect(MAX_OPEN_ALARM_TOASTS).toBe(2);
  });

  it('closing a toast brings the oldest waiting alarm; the last one waiting closes the summary', () => {
    const burst = createAlarmBurst(2);
    for (let i = 1; i <= 4; i++) burst.arrive(alarm(i));
    expect(burst.view()).toMatchObject({ open: ['k1', 'k2'], waiting: 2 });
    // The summary moves after the new toast: it stays last, nearest the corner.
    expect(burst.closed('k2')).toEqual({ show: [alarm(3)], close: [], summary: 'open' });
    expect(burst.view()).toMatchObject({ open: ['k1', 'k3'], waiting: 1 });
    expect(burst.closed('k1')).toEqual({ show: [alarm(4)], close: [], summary: 'close' });
    expect(burst.view()).toEqual({ open: ['k3', 'k4'], waiting: 0, held: {} });
    // Room again: the next alarm gets its own toast.
    burst.closed('k3');
    expect(keys(burst.arrive(alarm(5)).show)).toEqual(['k5']);
  });

  it('a new alarm never overtakes one waiting', () => {
    const burst = createAlarmBurst(1);
    burst.arrive(alarm(1));
    burst.arrive(alarm(2));
    burst.arrive(alarm(3));
    expect(keys(burst.closed('k1').show)).toEqual(['k2']);
    expect(burst.arrive(alarm(4)).show).toEqual([]);
    expect(burst.view()).toMatchObject({ open: ['k2'], waiting: 2 });
    expect(keys(burst.closed('k2').show)).toEqual(['k3']);
  });

  it('"close all" closes every toast and forgets every waiting alarm, with the summary', () => {
    const burst = createAlarmBurst(2);
    for (let i = 1; i <= 5; i++) burst.arrive(alarm(i));
    expect(burst.closeAll()).toEqual({ show: [], close: ['k1', 'k2'], summary: 'close' });
    expect(burst.view()).toEqual({ open: [], waiting: 0, held: {} });
    // antd's destroy does not call onClose, but a late close of a forgotten key changes nothing.
    expect(burst.closed('k1')).toEqual({ show: [], close: [], summary: null });
    expect(burst.closeAll()).toEqual({ show: [], close: [], summary: null });
    // Without a burst, "close all" has no summary to close.
    burst.arrive(alarm(6));
    expect(burst.closeAll()).toEqual({ show: [], close: ['k6'], summary: null });
  });

  it('keeps the count exact through any mix of arrivals and closes', () => {
    const burst = createAlarmBurst(3);
    let arrived = 0;
    let dismissed = 0;
    let summaryOpen = false;
    let state = 7;
    const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i++) {
      const view = burst.view();
      let step;
      if (random() < 0.7 || view.open.length === 0) step = burst.arrive(alarm(++arrived));
      else {
        step = burst.closed(view.open[Math.floor(random() * view.open.length)]!);
        dismissed++;
      }
      if (step.summary === 'open') summaryOpen = true;
      if (step.summary === 'close') summaryOpen = false;
      const after = burst.view();
      expect(after.open.length + after.waiting + dismissed).toBe(arrived);
      expect(after.open.length).toBeLessThanOrEqual(3);
      // Something waits only while every place is taken, and exactly then the summary is open.
      if (after.waiting > 0) expect(after.open.length).toBe(3);
      expect(summaryOpen).toBe(after.waiting > 0);
    }
    expect(arrived).toBeGreaterThan(1000);
  });

  it('tells subscribers of each change, with a new view then and the same one otherwise', () => {
    const burst = createAlarmBurst(1);
    let calls = 0;
    const stop = burst.subscribe(() => calls++);
    const before = burst.view();
    expect(burst.view()).toBe(before);
    burst.arrive(alarm(1));
    burst.arrive(alarm(2));
    expect(calls).toBe(2);
    expect(burst.view()).not.toBe(before);
    stop();
    burst.closeAll();
    expect(calls).toBe(2);
  });
});

describe('the summary links', () => {
  it('names each kind held back since the summary opened, with the first and last start', () => {
    const burst = createAlarmBurst(1);
    burst.arrive(alarm(1, { kind: 'level' }));
    burst.arrive(alarm(9, { kind: 'leak' }));
    burst.arrive(alarm(3, { kind: 'leak' }));
    expect(burst.view().held).toEqual({ leak: { first: Date.UTC(2026, 10, 25, 11, 0, 3), last: Date.UTC(2026, 10, 25, 11, 0, 9) } });
    burst.arrive(alarm(4, { kind: 'level' }));
    expect(Object.keys(burst.view().held).sort()).toEqual(['leak', 'level']);
    // The span covers every alarm held since the summary opened, also those shown since.
    burst.closed('k1');
    expect(burst.view().held.leak).toEqual({ first: Date.UTC(2026, 10, 25, 11, 0, 3), last: Date.UTC(2026, 10, 25, 11, 0, 9) });
    // A new burst starts afresh.
    burst.closeAll();
    burst.arrive(alarm(20));
    burst.arrive(alarm(21, { kind: 'level' }));
    expect(Object.keys(burst.view().held)).toEqual(['level']);
  });

  it('a kind with an alarm of unknown start links to its whole list; an alarm without a kind is only counted', () => {
    const burst = createAlarmBurst(1);
    burst.arrive(alarm(1));
    burst.arrive(alarm(2));
    burst.arrive(alarm(3, { startedAt: 'soon' }));
    burst.arrive(alarm(4));
    burst.arrive(alarm(5, { kind: undefined }));
    expect(burst.view()).toMatchObject({ waiting: 4, held: { leak: null } });
  });

  it('a range in whole seconds, from the first start to the second after the last', () => {
    expect(alarmRangeHref('leak', { first: Date.UTC(2026, 10, 25, 11, 0, 3, 250), last: Date.UTC(2026, 10, 25, 11, 5, 9, 999) })).toBe(
      `/leak_alarm?from=${encodeURIComponent('2026-11-25T11:00:03.000Z')}&to=${encodeURIComponent('2026-11-25T11:05:10.000Z')}`,
    );
    expect(alarmRangeHref('level', null)).toBe('/alarm_report');
  });
});
