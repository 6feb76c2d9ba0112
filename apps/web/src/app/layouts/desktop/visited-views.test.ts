import { describe, expect, it } from 'vitest';
import { routeByName } from '../../routes';
import { closeOtherViews, closeView, refreshView, visitView, type VisitedView } from './visited-views';

const def = (name: string) => {
  const found = routeByName(name);
  if (!found) throw new Error(name);
  return found;
};

function visitAll(...names: string[]): readonly VisitedView[] {
  return names.reduce<readonly VisitedView[]>((views, name) => visitView(views, def(name), `/${name}`), []);
}

describe('visited views', () => {
  it('adds each route once, in visiting order, and updates the address', () => {
    let views = visitAll('home', 'station', 'home');
    expect(views.map((v) => v.name)).toEqual(['home', 'station']);
    views = visitView(views, def('station'), '/station?id=4');
    expect(views[1]).toEqual({ name: 'station', fullPath: '/station?id=4', nonce: 0 });
  });

  it('closing an inactive tag stays where we are', () => {
    const result = closeView(visitAll('home', 'station', 'area'), 'station', 'area');
    expect(result.views.map((v) => v.name)).toEqual(['home', 'area']);
    expect(result.navigateTo).toBeNull();
  });

  it('closing the active tag opens the next one, else the previous one, else landing', () => {
    expect(closeView(visitAll('home', 'station', 'area'), 'station', 'station').navigateTo).toBe('/area');
    expect(closeView(visitAll('home', 'station', 'area'), 'area', 'area').navigateTo).toBe('/station');
    expect(closeView(visitAll('home'), 'home', 'home')).toEqual({ views: [], navigateTo: 'landing' });
  });

  it('close others keeps only the given tag; refresh bumps only its nonce', () => {
    const views = visitAll('home', 'station', 'area');
    expect(closeOtherViews(views, 'station').map((v) => v.name)).toEqual(['station']);
    expect(refreshView(views, 'area').map((v) => v.nonce)).toEqual([0, 0, 1]);
  });
});
