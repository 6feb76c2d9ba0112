import { useMemo } from 'react';
import TreeSelect from 'antd/es/tree-select';
import { useTranslation } from 'react-i18next';
import { useOrgTree } from '../../features/settings-org/api/org-tree';
import './report-filters.css';
import { orgFilterOf, orgTreeOptions, orgValueOfFilter, type OrgScopeFilter } from './org-scope';

interface OrgTreeSelectProps {
  value: Partial<OrgScopeFilter>;
  onChange: (filter: OrgScopeFilter) => void;
  testId?: string;
}

/** Distributor → company → station in one searchable tree; one pick filters the page. */
export function OrgTreeSelect({ value, onChange, testId }: OrgTreeSelectProps) {
  const { t } = useTranslation();
  const tree = useOrgTree();
  const treeData = useMemo(() => orgTreeOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect
      className="report-filter report-filter--org"
      treeData={treeData}
      fieldNames={{ label: 'title', value: 'value', children: 'children' }}
      value={orgValueOfFilter(value)}
      onChange={(next: string | undefined) => onChange(orgFilterOf(next))}
      placeholder={t('list.filter.organisation')}
      aria-label={t('list.filter.organisation')}
      allowClear
      showSearch={{ filterTreeNode: (input, node) => String((node as { search?: string }).search ?? '').includes(input.trim().toLowerCase()) }}
      treeDefaultExpandAll
      popupMatchSelectWidth={false}
      loading={tree.isLoading}
      data-testid={testId}
    />
  );
}
