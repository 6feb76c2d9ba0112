import type { OrgNode } from '@ullage/contracts/auth';

/** Tree-select data where only stations can be picked (the tabs are a station's). Values are station ids. */
export interface StationOption {
  value: string;
  title: string;
  search: string;
  selectable: boolean;
  checkable: boolean;
  disabled?: boolean;
  children: StationOption[];
}

export function stationOptions(tree: readonly OrgNode[]): StationOption[] {
  return tree.flatMap((node): StationOption[] => {
    const children = stationOptions(node.children);
    if (node.type === 'station') {
      return [{ value: String(node.id), title: node.code ? `${node.name} (${node.code})` : node.name, search: `${node.name} ${node.code ?? ''}`.toLowerCase(), selectable: true, checkable: true, children: [] }];
    }
    // A distributor or company without stations under it is left out.
    return children.length > 0 ? [{ value: `${node.type}:${node.id}`, title: node.name, search: node.name.toLowerCase(), selectable: false, checkable: true, children }] : [];
  });
}

/** Station ids among tree-select values (companies and distributors are not stations). */
export const stationIdsOf = (values: readonly string[]) => values.filter((v) => /^\d+$/.test(v)).map(Number);
