import { areas, companies, distributors, stations, tanks } from '../../db/schema';
import type { ScopeColumns } from './scope';

/** How each organisation table is scoped: the columns scopeFilter compares (one place for all repos). */
export const DISTRIBUTOR_SCOPE: ScopeColumns = { distributorId: distributors.id };
export const COMPANY_SCOPE: ScopeColumns = { distributorId: companies.distributorId, companyId: companies.id };
export const AREA_SCOPE: ScopeColumns = { distributorId: areas.distributorId, companyId: areas.companyId };
export const STATION_SCOPE: ScopeColumns = { distributorId: stations.distributorId, companyId: stations.companyId, stationId: stations.id };
export const TANK_SCOPE: ScopeColumns = { distributorId: tanks.distributorId, companyId: tanks.companyId, stationId: tanks.stationId };
