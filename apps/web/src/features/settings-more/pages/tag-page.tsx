import { lazy } from 'react';
import Input from 'antd/es/input';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TagRow } from '@ullage/contracts/settings-more';
import type { PageProps } from '../../../app/route-types';
import { createdAtColumn, formatCreatedAt } from '../../../components/list-page/columns';
import { StatusFilter } from '../../../components/list-page/status-filter';
import { useEntityCrud } from '../../../components/list-page/use-entity-crud';
import { SettingsListPage } from '../../../components/settings-list/settings-list-page';
import { statusColumn } from '../../../components/settings-list/status-column';
import { textColumn } from '../../../components/settings-list/text-columns';
import { useViewer } from '../../../lib/use-viewer';
import { useDeleteTag } from '../api/delete-tag';
import { exportTags } from '../api/export-tags';
import { moreKeys } from '../api/keys';
import { listTags } from '../api/list-tags';
import { useSetTagStatus } from '../api/set-tag-status';
import { moreRights } from '../permissions';

/** The form loads when first opened, keeping the list's chunk small (route budget). */
const TagFormModal = lazy(() => import('../components/tag-form-modal').then((module) => ({ default: module.TagFormModal })));

export const TAG_SORT_FIELDS = ['key', 'type', 'createdAt'] as const;

type Filters = { type: string | undefined; status: 'enabled' | 'disabled' | undefined };

/** System settings → Tags (administrator only): key/value pairs by type, enabled or disabled. */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const rights = moreRights(useViewer());
  const remove = useDeleteTag();
  const status = useSetTagStatus();
  const crud = useEntityCrud<TagRow, Filters>({
    queryKey: moreKeys.tags,
    fetch: listTags,
    filters: { type: undefined, status: undefined },
    sortFields: TAG_SORT_FIELDS,
    exportFile: exportTags,
    exportName: t('route.title.tag'),
    remove: remove.mutateAsync,
  });
  const { list } = crud;

  const missing = t('common.placeholder.missing');
  const columns: ColumnsType<TagRow> = [
    textColumn(t('settingsMore.tag.key'), 'key', { sort: list.sortOrderOf, width: 140, fixed: 'start' }),
    textColumn(t('settingsMore.tag.value'), 'value', { width: 160, ellipsis: true }),
    textColumn(t('settingsMore.tag.type'), 'type', { sort: list.sortOrderOf, width: 120 }),
    textColumn(t('settingsMore.tag.typeValue'), 'typeValue', { width: 130, ellipsis: true, missing }),
    statusColumn<TagRow>({
      entity: 'tag',
      label: t('settingsMore.tag.status'),
      editable: () => rights.tag,
      confirm: (row) => (row.disabled ? t('settingsMore.tag.enableConfirm', { name: row.key }) : t('settingsMore.tag.disableConfirm', { name: row.key })),
      mutation: status,
      confirmTestId: true,
    }),
    textColumn(t('settingsMore.tag.remark'), 'remark', { width: 180, ellipsis: true, missing }),
    textColumn(t('settingsMore.tag.creator'), 'creator', { width: 110, missing }),
    createdAtColumn(t, list.sortOrderOf),
    textColumn(t('settingsMore.tag.modifier'), 'modifier', { width: 110, missing }),
    { title: t('settingsMore.tag.modifiedAt'), dataIndex: 'modifiedAt', key: 'modifiedAt', width: 150, render: (v: string | null) => (v ? formatCreatedAt(v) : missing) },
  ];

  return (
    <SettingsListPage
      entity="tag"
      title={t(route.titleKey)}
      searchPlaceholder={t('settingsMore.tag.search')}
      createLabel={t('settingsMore.tag.create')}
      canCreate={rights.tag}
      crud={crud}
      columns={columns}
      rowActions={rights.tag ? { width: 96, name: (row) => row.key } : undefined}
      form={rights.tag ? (subject) => <TagFormModal {...subject} /> : undefined}
      filters={
        <>
          <Input.Search
            className="list-page__filter"
            allowClear
            maxLength={64}
            placeholder={t('settingsMore.filter.type')}
            aria-label={t('settingsMore.tag.type')}
            onSearch={(value) => list.setFilter('type', value.trim() || undefined)}
            data-testid="tag-filter-type"
          />
          <StatusFilter label={t('settingsMore.tag.status')} value={list.state.filters.status} onChange={(value) => list.setFilter('status', value)} testId="tag-filter-status" />
        </>
      }
    />
  );
}
