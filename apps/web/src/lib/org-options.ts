import type { OrgNode } from '@ullage/contracts/auth';

/** Select options for distributors and companies, from the organisation tree the caller sees. */
export interface OrgOption {
  value: number;
  label: string;
  distributorId?: number;
}

const byLabel = (a: OrgOption, b: OrgOption) => a.label.localeCompare(b.label);

export function distributorOptions(tree: readonly OrgNode[]): OrgOption[] {
  return tree.filter((node) => node.type === 'distributor').map((node) => ({ value: node.id, label: node.name })).sort(byLabel);
}

/** Companies, optionally only those of one distributor; the label carries the code. */
export function companyOptions(tree: readonly OrgNode[], distributorId?: number): OrgOption[] {
  const out: OrgOption[] = [];
  for (const distributor of tree) {
    if (distributor.type !== 'distributor') continue;
    if (distributorId !== undefined && distributor.id !== distributorId) continue;
    for (const company of distributor.children) {
      if (company.type !== 'company') continue;
      out.push({ value: company.id, label: company.code ? `${company.name} (${company.code})` : company.name, distributorId: distributor.id });
    }
  }
  return out.sort(byLabel);
}

/** Matches a select option by its label, for antd's `filterOption` (case- and accent-insensitive). */
export function optionMatches(input: string, label: unknown): boolean {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return fold(String(label ?? '')).includes(fold(input.trim()));
}
