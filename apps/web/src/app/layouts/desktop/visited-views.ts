import type { RouteDef } from '../../route-types';

/**
 * The tag views of the desktop shell: pages visited in this tab, in visiting order. One tag
 * per route (routes have no parameters; a new query string updates the tag's address).
 * Pure, so closing rules are tested without a browser.
 */
export interface VisitedView {
  name: string;
  /** Address to return to, with its query string. */
  fullPath: string;
  /** Bumped by "refresh": the page is mounted anew. */
  nonce: number;
}

export function visitView(views: readonly VisitedView[], def: RouteDef, fullPath: string): readonly VisitedView[] {
  const index = views.findIndex((view) => view.name === def.name);
  if (index === -1) return [...views, { name: def.name, fullPath, nonce: 0 }];
  if (views[index]!.fullPath === fullPath) return views;
  return views.map((view, i) => (i === index ? { ...view, fullPath } : view));
}

export interface CloseResult {
  views: readonly VisitedView[];
  /** Where to go when the active view was closed; null: stay; 'landing': nothing left open. */
  navigateTo: string | null | 'landing';
}

/** Closing the active tag opens the tag that took its place (the next, else the previous). */
export function closeView(views: readonly VisitedView[], name: string, activeName: string | undefined): CloseResult {
  const index = views.findIndex((view) => view.name === name);
  if (index === -1) return { views, navigateTo: null };
  const remaining = views.filter((view) => view.name !== name);
  if (name !== activeName) return { views: remaining, navigateTo: null };
  const neighbour = remaining[index] ?? remaining[index - 1];
  return { views: remaining, navigateTo: neighbour ? neighbour.fullPath : 'landing' };
}

export function closeOtherViews(views: readonly VisitedView[], name: string): readonly VisitedView[] {
  return views.filter((view) => view.name === name);
}

export function refreshView(views: readonly VisitedView[], name: string): readonly VisitedView[] {
  return views.map((view) => (view.name === name ? { ...view, nonce: view.nonce + 1 } : view));
}
