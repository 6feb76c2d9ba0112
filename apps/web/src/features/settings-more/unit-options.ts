import type { OrgNode } from '@ullage/contracts/auth';
import type { MessageKey } from '../../i18n/message-key';

/**
 * The unit an account belongs to depends on its type: a distributor (1), a company (2) or a
 * station (3 station, 4 station attendant). Options come from the caller's organisation tree.
 */
export type UnitKind = 'distributor' | 'company' | 'station';

export function unitKindOf(accountType: number | null | undefined): UnitKind | null {
  switch (accountType) {
    case 1:
      return 'distributor';
    case 2:
      return 'company';
    case 3:
    case 4:
      return 'station';
    default:
      return null;
  }
}

export interface UnitOption {
  value: number;
  label: string;
  /** The distributor and company the unit sits under, shown to tell same names apart. */
  path: string;
}

/** Every node of that kind in the tree, labelled with its code, sorted by name. */
export function unitOptions(tree: readonly OrgNode[], kind: UnitKind | null): UnitOption[] {
  if (!kind) return [];
  const out: UnitOption[] = [];
  const walk = (nodes: readonly OrgNode[], trail: string[]) => {
    for (const node of nodes) {
      if (node.type === kind) out.push({ value: node.id, label: node.code ? `${node.name} (${node.code})` : node.name, path: trail.join(' / ') });
      else walk(node.children ?? [], [...trail, node.name]);
    }
  };
  walk(tree, []);
  return out.sort((a, b) => a.label.localeCompare(b.label) || a.path.localeCompare(b.path));
}

/** The message key naming an account type (1-4); null for one the spec does not know. */
export function accountTypeKey(accountType: number): MessageKey | null {
  const keys: Record<number, MessageKey> = {
    0: 'settingsMore.accountType.0',
    1: 'settingsMore.accountType.1',
    2: 'settingsMore.accountType.2',
    3: 'settingsMore.accountType.3',
    4: 'settingsMore.accountType.4',
  };
  return keys[accountType] ?? null;
}
