import { describe, expect, it } from 'vitest';
import { decideAccess, safeRedirectTarget } from './access';
import { ROUTES, routeByName, routeByPath } from './routes';

function decide(name: string, signedIn: boolean, isMobile = false) {
  const route = routeByName(name);
  if (!route) throw new Error(`no route ${name}`);
  return decideAccess({ route, signedIn, isMobile, resolve: routeByName });
}

describe('decideAccess (spec §2 redirect rules)', () => {
  it('sends a signed-in visitor from /login to their landing route, and from /loginMobile to /realAlarm', () => {
    expect(decide('login', true)).toEqual({ kind: 'landing' });
    expect(decide('loginMobile', true)).toEqual({ kind: 'landing', fallback: '/realAlarm' });
  });

  it('lands a signed-in phone on /realAlarm from either login page (its home is the mobile one)', () => {
    expect(decide('login', true, true)).toEqual({ kind: 'landing', fallback: '/realAlarm' });
    expect(decide('loginMobile', true, true)).toEqual({ kind: 'landing', fallback: '/realAlarm' });
  });

  it('sends a signed-out phone straight to /loginMobile, from desktop routes too', () => {
    expect(decide('abnormal_can', false, true)).toEqual({ kind: 'redirect', to: '/loginMobile' });
    expect(decide('home', false, true)).toEqual({ kind: 'redirect', to: '/loginMobile' });
    expect(decide('realAlarm', false, true)).toEqual({ kind: 'redirect', to: '/loginMobile' });
  });

  it('shows the login pages to a signed-out visitor; phones get the mobile one', () => {
    expect(decide('login', false)).toEqual({ kind: 'render' });
    expect(decide('loginMobile', false)).toEqual({ kind: 'render' });
    expect(decide('login', false, true)).toEqual({ kind: 'redirect', to: '/loginMobile' });
  });

  it('sends a signed-out visitor to /login from desktop routes and to /loginMobile from mobile ones', () => {
    expect(decide('home', false)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide('abnormal_can', false)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide('screenfull', false)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide('realAlarm', false)).toEqual({ kind: 'redirect', to: '/loginMobile' });
    expect(decide('abnormal_can_phone', false)).toEqual({ kind: 'redirect', to: '/loginMobile' });
  });

  it('lets anyone open the public pages', () => {
    for (const name of ['404', 'app', 'caslogin']) {
      expect(decide(name, false)).toEqual({ kind: 'render' });
      expect(decide(name, true)).toEqual({ kind: 'render' });
    }
  });

  it('shows the manual to anyone on any device: signed out, on a phone, with no phone counterpart sought (issue 24)', () => {
    for (const signedIn of [false, true]) for (const isMobile of [false, true]) expect(decide('manual', signedIn, isMobile)).toEqual({ kind: 'render' });
  });

  it('decides by sign-in only: a signed-in user may open any route', () => {
    for (const name of ['home', 'distributor', 'tag', 'single_monitor', 'realAlarm', 'screenfull']) {
      expect(decide(name, true)).toEqual({ kind: 'render' });
    }
  });

  it('gives phones the _phone variant of a report', () => {
    expect(decide('abnormal_can', true, true)).toEqual({ kind: 'redirect', to: '/abnormal_can_phone' });
    expect(decide('leak_alarm', true, true)).toEqual({ kind: 'redirect', to: '/leak_report_phone' });
  });

  it('leads a phone from every desktop page to its phone counterpart or the larger-screen page (review item 8)', () => {
    const phone = (name: string, search = '') => {
      const route = routeByName(name);
      if (!route) throw new Error(`no route ${name}`);
      return decideAccess({ route, signedIn: true, isMobile: true, resolve: routeByName, search });
    };
    expect(phone('home')).toEqual({ kind: 'redirect', to: '/invertory' });
    expect(phone('before_single_monitor')).toEqual({ kind: 'redirect', to: '/invertory' });
    expect(phone('before_single_monitor', '?stationId=6')).toEqual({ kind: 'redirect', to: '/stationDetails?stationId=6' });
    expect(phone('single_monitor', '?stationId=6')).toEqual({ kind: 'redirect', to: '/stationDetails?stationId=6' });
    expect(phone('single_monitor', '?stationId=abc')).toEqual({ kind: 'redirect', to: '/invertory' });
    expect(phone('Monthly')).toEqual({ kind: 'redirect', to: '/Monthly_phone' });
    expect(phone('company')).toEqual({ kind: 'redirect', to: '/largerScreen?from=%2Fcompany' });
    expect(phone('sales_detail', '?id=3')).toEqual({ kind: 'redirect', to: '/largerScreen?from=%2Fsales_detail%3Fid%3D3' });
    expect(phone('screenfull')).toEqual({ kind: 'redirect', to: '/largerScreen?from=%2Fscreenfull' });
    for (const def of ROUTES.filter((r) => r.layout === 'desktop')) {
      const decision = phone(def.name);
      expect(decision.kind, def.name).toBe('redirect');
      if (decision.kind === 'redirect') expect(routeByPath(decision.to.split('?')[0]!)?.layout, def.name).toBe('mobile');
    }
    // Phone pages and public ones open as they are.
    for (const name of ['realAlarm', 'stationDetails', 'Monthly_phone', 'largerScreen', 'app', '404']) expect(phone(name), name).toEqual({ kind: 'render' });
    // A desktop browser is never redirected.
    expect(decide('company', true, false)).toEqual({ kind: 'render' });
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['/station?id=3', '/station?id=3'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['/login', null],
    ['/loginMobile', null],
    [null, null],
  ])('%s → %s', (value, expected) => {
    expect(safeRedirectTarget(value)).toBe(expected);
  });
});
