import type { OrgNode, SessionUser } from '@ullage/contracts/auth';
import { menuListFor, ROLE_NAMES } from '@ullage/domain/menus';
import { actionsOf } from '@ullage/domain/roles';
import { ACCOUNT_TYPES, userTypeOfAccount, type AccountType } from '@ullage/domain/organisation';
import type { Db } from '../../db/client';
import { findDistributorLogo, listProductColours, listTreeRows } from '../org/service';
import { scopeOf } from '../scope/scope';
import type { UserRow } from '../user/service';

/** The session user of spec §3 with the getInfo fields of spec §7, computed on the server. */
export async function buildSessionUser(db: Db, user: UserRow): Promise<SessionUser> {
  const accountType = user.accountType as AccountType;
  const scope = scopeOf({ ...user, accountType });
  const { stationRows, companyRows, distributorRows } = await listTreeRows(db, scope);

  const stationsByCompany = new Map<number, OrgNode[]>();
  for (const s of stationRows) {
    const list = stationsByCompany.get(s.companyId) ?? [];
    list.push({ id: s.id, type: 'station', name: s.name, code: s.code, children: [] });
    stationsByCompany.set(s.companyId, list);
  }
  const companyTree: OrgNode[] = distributorRows.map((d) => ({
    id: d.id,
    type: 'distributor',
    name: d.name,
    code: null,
    children: companyRows
      .filter((c) => c.distributorId === d.id)
      .map((c) => ({ id: c.id, type: 'company', name: c.name, code: c.code, children: stationsByCompany.get(c.id) ?? [] })),
  }));

  const colours = await listProductColours(db, distributorRows.map((d) => d.id));
  // The administrator belongs to no distributor and keeps Ullage's own logo; everyone else
  // sees their distributor's.
  const ownDistributorId = accountType === ACCOUNT_TYPES.admin ? null : (user.distributorId ?? companyRows[0]?.distributorId ?? null);
  const distributorLogo = ownDistributorId === null ? null : await findDistributorLogo(db, ownDistributorId);
  const roleList = [ROLE_NAMES[accountType]];
  const menuList = menuListFor(accountType);
  // The role table's row for this role, as the server enforces it (domain roles.ts).
  const permissionList = actionsOf(accountType);
  const userType = userTypeOfAccount(accountType);
  const orgId = user.stationId ?? user.companyId ?? user.distributorId ?? null;
  const ownStation = user.stationId === null ? undefined : stationRows.find((s) => s.id === user.stationId);

  return {
    userId: user.id,
    username: user.username,
    nickname: user.nickname,
    accountType,
    userType,
    orgId,
    roleList,
    menuList,
    permissionList,
    companyTree,
    stationType: ownStation?.deviceType ?? null,
    stationCodes: stationRows.map((s) => s.code),
    oilColor: Object.fromEntries(colours.map((p) => [p.code, p.color])),
    mailAddress: user.email,
    distributorLogo,
    photo: user.photo,
    passwordUnsafe: user.passwordUnsafe,
    mustChangePassword: user.mustChangePassword,
    userPermission: { roleList, menuList, permissionList },
    userOrgInfo: { orgId, userType },
  };
}
