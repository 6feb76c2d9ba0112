import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyTreeSelect } from '../lazy-tree-select';
import { useOrgTree } from '../../lib/org-tree';
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
    <LazyTreeSelect
      className="report-filter report-filter--org"
      treeData={treeData}
      value={orgValueOfFilter(value)}
      onChange={(next) => onChange(orgFilterOf(next))}
      placeholder={t('list.filter.organisation')}
      loading={tree.isLoading}
      testId={testId}
    />
  );
}
