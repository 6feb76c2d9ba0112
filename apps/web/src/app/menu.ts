import { NOT_FOUND_PATH } from './access';
import type { MessageKey } from '../i18n/message-key';
import type { MenuGroupDef, MenuGroupId, RouteDef } from './route-types';

/**
 * The side menu of spec §2, built from the route table and the user's menu list. Pure, so
 * the rules are tested without rendering: only permitted, non-hidden desktop routes; a group
 * with one visible child shows as that child alone; an empty group disappears.
 */
export interface MenuItemEntry {
  kind: 'item';
  name: string;
  path: string;
  titleKey: MessageKey;
}

export interface MenuGroupEntry {
  kind: 'group';
  id: MenuGroupId;
  titleKey: MessageKey;
  children: MenuItemEntry[];
}

export type MenuEntry = MenuItemEntry | MenuGroupEntry;

/** Spec §6: routes are filtered by the menu list; a route without a menu key is everyone's. */
export function isPermitted(def: RouteDef, menuList: readonly string[]): boolean {
  return def.menuKey === null || menuList.includes(def.menuKey);
}

export function isMenuVisible(def: RouteDef, menuList: readonly string[]): boolean {
  if (def.layout !== 'desktop' || def.hidden) return false;
  return isPermitted(def, menuList);
}

function itemOf(def: RouteDef): MenuItemEntry {
  return { kind: 'item', name: def.name, path: def.path, titleKey: def.titleKey };
}

export function buildMenu(
  routes: readonly RouteDef[],
  groups: readonly MenuGroupDef[],
  menuList: readonly string[],
): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const groupEntries = new Map<MenuGroupId, MenuGroupEntry>();
  for (const def of routes) {
    if (!isMenuVisible(def, menuList)) continue;
    if (def.group === null) {
      entries.push(itemOf(def));
      continue;
    }
    let group = groupEntries.get(def.group);
    if (!group) {
      const groupDef = groups.find((g) => g.id === def.group);
      if (!groupDef) throw new Error(`Route ${def.name} names unknown group ${def.group}`);
      group = { kind: 'group', id: groupDef.id, titleKey: groupDef.titleKey, children: [] };
      groupEntries.set(def.group, group);
      // The group takes the place of its first visible child.
      entries.push(group);
    }
    group.children.push(itemOf(def));
  }
  return entries.map((entry) => (entry.kind === 'group' && entry.children.length === 1 ? entry.children[0]! : entry));
}

/** Menu items in menu order, groups flattened. */
export function visibleMenuItems(routes: readonly RouteDef[], menuList: readonly string[]): RouteDef[] {
  return routes.filter((def) => isMenuVisible(def, menuList));
}

/** The page a signed-in user starts on (spec §2): home, or the first permitted route without 'home'. */
export function landingRoute(routes: readonly RouteDef[], menuList: readonly string[]): RouteDef | undefined {
  const visible = visibleMenuItems(routes, menuList);
  return visible.find((def) => def.name === 'home') ?? visible[0];
}

/** Where a signed-in user starts: the landing route's path, or 404 when no page is permitted. */
export function landingPath(routes: readonly RouteDef[], menuList: readonly string[]): string {
  return landingRoute(routes, menuList)?.path ?? NOT_FOUND_PATH;
}

/** Opening a group's own path (/Analysis) goes to its first permitted child. */
export function groupLandingPath(routes: readonly RouteDef[], group: MenuGroupId, menuList: readonly string[]): string | undefined {
  return visibleMenuItems(routes, menuList).find((def) => def.group === group)?.path;
}
