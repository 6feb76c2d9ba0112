import { ACCOUNT_TYPES, type AccountType } from './organisation';

/**
 * The one table of who may do what (issue 32): each action a role may or may not take, whatever
 * the organisation. The server refuses (80003) every action a role lacks before it looks at
 * the target; getInfo sends the role's actions as `permissionList`, and the web app shows a
 * button or a menu only for an action in that list. That the target must also be in the
 * caller's scope (its own distributor, company or station) is scope.ts's and manage.ts's
 * business, never a role's.
 *
 * Reading is not in the table: every role reads what its scope holds (DESIGN.md §6), except
 * the pages that exist only to manage (accounts, tags, the audit log), which are rows here.
 *
 * Each cell is either decided by product-spec §6 (the administrator sees all routes; company
 * and station users lose the user and product-type menus, station users the company menu,
 * account type 4 the station menu and leak failure analysis) or, where the spec is silent,
 * the least surprising rule, chosen here. docs/roles.md prints the same table with the reasons,
 * and a server test keeps the two equal.
 */
export const ACTIONS = [
  'alarm:process',
  'offline:process',
  'delivery:ticket',
  'device:command',
  'station:manage',
  'area:manage',
  'company:manage',
  'distributor:edit',
  'distributor:manage',
  'product:manage',
  'user:manage',
  'tag:manage',
  'audit:read',
  'token:manage',
  'webhook:manage',
] as const;
export type Action = (typeof ACTIONS)[number];

export interface ActionRule {
  /** The roles that may take the action; every other role is refused. */
  roles: readonly AccountType[];
  /** The roles whose cell (allowed or not) product-spec §6 decides; the others' are chosen. */
  spec: readonly AccountType[];
}

const { admin, distributor, company, station, stationAttendant } = ACCOUNT_TYPES;

export const ROLE_TABLE: Readonly<Record<Action, ActionRule>> = {
  // Mark level and leak alarms processed with a note. An attendant watches and calls; the note
  // that closes the matter is the station account holder's (or above).
  'alarm:process': { roles: [admin, distributor, company, station], spec: [admin] },
  // Say who handled a station's outage and why: those who manage stations. Offline records sit
  // under leak failure analysis, which account type 4 loses.
  'offline:process': { roles: [admin, distributor, company], spec: [admin, stationAttendant] },
  // Enter or remove a delivery's ticket: the supplier (distributor), the company, the station and
  // the administrator; an attendant does not keep the paperwork.
  'delivery:ticket': { roles: [admin, distributor, company, station], spec: [admin] },
  // Issue and cancel device commands (thresholds, height-volume table, tilt, clock, firmware),
  // upload and delete firmware files, read a height-volume import: those who manage stations.
  'device:command': { roles: [admin, distributor, company], spec: [admin] },
  // Create, edit and delete stations with their tanks and shifts; rotate a device key; test an
  // ATG console. A station account sees its station read-only; type 4 loses the station menu.
  'station:manage': { roles: [admin, distributor, company], spec: [admin, stationAttendant] },
  // Areas group a company's stations: the company and those above it.
  'area:manage': { roles: [admin, distributor, company], spec: [admin] },
  // Station users lose the company menu; a company account reads its own record.
  'company:manage': { roles: [admin, distributor], spec: [admin, station, stationAttendant] },
  // Edit a distributor record (a distributor account its own).
  'distributor:edit': { roles: [admin, distributor], spec: [admin] },
  // Create and delete distributors: the platform's.
  'distributor:manage': { roles: [admin], spec: [admin] },
  // Company and station users have no product-type menu.
  'product:manage': { roles: [admin, distributor], spec: [admin, company, station, stationAttendant] },
  // Company and station users have no user menu; listing accounts is part of managing them.
  'user:manage': { roles: [admin, distributor], spec: [admin, company, station, stationAttendant] },
  // Tags are the platform's own dictionary.
  'tag:manage': { roles: [admin], spec: [admin] },
  // The record of every settings change, across organisations.
  'audit:read': { roles: [admin], spec: [admin] },
  // Service accounts and their API tokens (issue 38): an organisation that manages its own
  // settings makes them for its own systems. The spec has no such page.
  'token:manage': { roles: [admin, distributor, company], spec: [admin] },
  // Webhook endpoints (issue 38): an organisation that manages its own settings wires its own
  // systems to its stations' events. The spec has no such page.
  'webhook:manage': { roles: [admin, distributor, company], spec: [admin] },
};

export const ROLES: readonly AccountType[] = [admin, distributor, company, station, stationAttendant];

/** Whether a role may take an action. An unknown role may take none. */
export function may(accountType: number | undefined, action: Action): boolean {
  return (ROLE_TABLE[action].roles as readonly number[]).includes(accountType ?? -1);
}

/** The actions a role may take, in table order: getInfo's `permissionList`. */
export function actionsOf(accountType: number | undefined): Action[] {
  return ACTIONS.filter((action) => may(accountType, action));
}

/** Whether a permission list (getInfo's, as the web app holds it) grants an action. */
export function granted(permissionList: readonly string[] | undefined, action: Action): boolean {
  return permissionList?.includes(action) ?? false;
}

/** Whether product-spec §6 decides a cell of the table, or it was chosen where the spec is silent. */
export function basisOf(accountType: AccountType, action: Action): 'spec' | 'chosen' {
  return ROLE_TABLE[action].spec.includes(accountType) ? 'spec' : 'chosen';
}
