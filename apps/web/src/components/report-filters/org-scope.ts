import type { OrgNode } from '@ullage/contracts/auth';

/**
 * The organisation-tree filter of the report and alarm pages (spec: "filter by organisation
 * tree"): one pick in the tree — a distributor, a company or a station — becomes the one
 * filter parameter the endpoints take. Pure, so the mapping both ways is tested.
 */
export interface OrgScopeFilter {
  distributorId: number | undefined;
  companyId: number | undefined;
  stationId: number | undefined;
}

export const NO_ORG_SCOPE: OrgScopeFilter = { distributorId: undefined, companyId: undefined, stationId: undefined };

/** The reports' place filters with nothing picked: the tree, the area, a tank, a product. */
export const NO_TANK_FILTERS = { ...NO_ORG_SCOPE, areaId: undefined, tankId: undefined, productId: undefined } as const;
/** The place filters as a report's filter state keeps them (undefined: not filtered). */
export type TankFilterValues = { [K in keyof typeof NO_TANK_FILTERS]: number | undefined };

const PREFIX = { distributor: 'd', company: 'c', station: 's' } as const;

/** The tree select's value of a node: `d:1`, `c:4`, `s:12` (ids of different kinds may collide). */
export function orgValueOf(node: Pick<OrgNode, 'type' | 'id'>): string {
  return `${PREFIX[node.type]}:${node.id}`;
}

export function orgFilterOf(value: string | undefined | null): OrgScopeFilter {
  const match = /^([dcs]):(\d+)$/.exec(value ?? '');
  if (!match) return NO_ORG_SCOPE;
  const id = Number(match[2]);
  if (match[1] === 'd') return { ...NO_ORG_SCOPE, distributorId: id };
  if (match[1] === 'c') return { ...NO_ORG_SCOPE, companyId: id };
  return { ...NO_ORG_SCOPE, stationId: id };
}

export function orgValueOfFilter(filter: Partial<OrgScopeFilter>): string | undefined {
  if (filter.stationId !== undefined) return `s:${filter.stationId}`;
  if (filter.companyId !== undefined) return `c:${filter.companyId}`;
  if (filter.distributorId !== undefined) return `d:${filter.distributorId}`;
  return undefined;
}

export interface OrgTreeOption {
  value: string;
  title: string;
  /** Searchable text: name and code. */
  search: string;
  children: OrgTreeOption[];
}

/** antd TreeSelect data from the organisation tree; a station reads "Name (CODE)". */
export function orgTreeOptions(tree: readonly OrgNode[]): OrgTreeOption[] {
  return tree.map((node) => ({
    value: orgValueOf(node),
    title: node.code && node.type === 'station' ? `${node.name} (${node.code})` : node.name,
    search: `${node.name} ${node.code ?? ''}`.toLowerCase(),
    children: orgTreeOptions(node.children),
  }));
}

/** The station ids under a value (every station of a company, say), for a dependent station select. */
export function stationsUnder(tree: readonly OrgNode[], value: string | undefined): OrgNode[] {
  const out: OrgNode[] = [];
  const walk = (nodes: readonly OrgNode[], inside: boolean) => {
    for (const node of nodes) {
      const here = inside || value === undefined || orgValueOf(node) === value;
      if (node.type === 'station' && here) out.push(node);
      walk(node.children, here);
    }
  };
  walk(tree, false);
  return out;
}
