import { lazy, Suspense, useMemo, useState } from 'react';
import Select from 'antd/es/select';

// antd's TreeSelect (rc-tree-select, about 7 KB gzip) is on every report route's filter bar,
// yet most visits keep the organisation they opened with: it is fetched when the user first
// reaches for it (DESIGN.md §8 route budget). Until then a Select — already on those routes —
// shows the chosen node, and what the user types is handed over to the tree's search.
const RealTreeSelect = lazy(() => import('antd/es/tree-select'));

/** A node of the tree: what it shows, its value, and the lower-case text a search matches. */
export interface SearchableTreeNode {
  title: string;
  value: string;
  search: string;
  selectable?: boolean;
  children?: SearchableTreeNode[];
}

interface LazyTreeSelectProps {
  treeData: SearchableTreeNode[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder: string;
  className?: string;
  loading?: boolean;
  testId?: string;
}

const FIELD_NAMES = { label: 'title', value: 'value', children: 'children' };

function findNode(nodes: readonly SearchableTreeNode[], value: string): SearchableTreeNode | undefined {
  for (const node of nodes) {
    if (node.value === value) return node;
    const below = node.children ? findNode(node.children, value) : undefined;
    if (below) return below;
  }
  return undefined;
}

const matches = (input: string, node: unknown) => String((node as { search?: string }).search ?? '').includes(input.trim().toLowerCase());

/** One pick in a searchable, fully expanded tree; clearing it picks nothing. */
export function LazyTreeSelect({ treeData, value, onChange, placeholder, className, loading, testId }: LazyTreeSelectProps) {
  const [used, setUsed] = useState<'no' | 'focus' | 'open'>('no');
  const [search, setSearch] = useState('');
  const chosen = useMemo(() => (value === undefined ? undefined : findNode(treeData, value)), [treeData, value]);
  const pick = (next: string | undefined) => {
    setSearch('');
    onChange(next);
  };

  const standIn = (
    <Select
      className={className}
      value={chosen ? value : undefined}
      options={chosen ? [{ value: chosen.value, label: chosen.title }] : []}
      placeholder={placeholder}
      aria-label={placeholder}
      allowClear
      loading={loading}
      open={false}
      showSearch={{ searchValue: search, onSearch: setSearch, filterOption: false }}
      onClear={() => pick(undefined)}
      onMouseDown={() => setUsed('open')}
      onFocus={() => setUsed((was) => (was === 'no' ? 'focus' : was))}
      onKeyDown={() => setUsed('open')}
      data-testid={testId}
    />
  );
  if (used === 'no') return standIn;
  return (
    <Suspense fallback={standIn}>
      <RealTreeSelect
        className={className}
        treeData={treeData}
        fieldNames={FIELD_NAMES}
        value={chosen ? value : undefined}
        onChange={(next: unknown) => pick(typeof next === 'string' ? next : undefined)}
        placeholder={placeholder}
        aria-label={placeholder}
        allowClear
        loading={loading}
        showSearch={{ searchValue: search, onSearch: setSearch, filterTreeNode: matches }}
        onOpenChange={(open) => {
          if (!open) setSearch('');
        }}
        treeDefaultExpandAll
        popupMatchSelectWidth={false}
        autoFocus
        defaultOpen={used === 'open' || search !== ''}
        data-testid={testId}
      />
    </Suspense>
  );
}
