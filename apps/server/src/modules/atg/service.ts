import type { AtgStatus, AtgTestResult } from '@ullage/contracts/atg';
import type { Db } from '../../db/client';
import type { Translate } from '../../i18n/translate';
import { notFound } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import { scopeAdmits, scopeOf } from '../scope/scope';
import type { AtgPoller } from './poller';
import { stationConsole, stationTankCodes, type StationConsole } from './repo';

async function visibleConsole(db: Db, user: AuthUser, stationId: number): Promise<StationConsole> {
  const found = await stationConsole(db, stationId);
  // Another organisation's station reads as absent, whatever its id.
  if (!found || !scopeAdmits(scopeOf(user), found.origin)) throw notFound();
  return found;
}

export async function consoleStatus(db: Db, poller: AtgPoller, user: AuthUser, stationId: number, t: Translate): Promise<AtgStatus> {
  const found = await visibleConsole(db, user, stationId);
  return poller.status(stationId, found.config, t);
}

/** Reaching into a station's device is for those who may change the station (`station:manage`, on the route). */
export async function testConsole(db: Db, poller: AtgPoller, user: AuthUser, stationId: number, t: Translate): Promise<AtgTestResult> {
  const found = await visibleConsole(db, user, stationId);
  if (!found.config) return { ok: false, error: t('atg.error.notPolled'), format: null, units: null, consoleTime: null, elapsedMs: 0, tanks: [] };
  return poller.test(found.config, await stationTankCodes(db, stationId), t);
}
