import { lazy, Suspense } from 'react';
import Input from 'antd/es/input';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TagRow } from '@ullage/contracts/settings-more';
import type { PageProps } from '../../../app/route-types';
import { actionsColumn, createdAtColumn, formatCreatedAt } from '../../../components/list-page/columns';
import { EntityListPage } from '../../../components/list-page/entity-list-page';
import { RowActions } from '../../../components/list-page/row-actions';
import { StatusFilter } from '../../../components/list-page/status-filter';
import { StatusSwitch } from '../../../components/list-page/status-switch';
import { useEntityCrud } from '../../../components/list-page/use-entity-crud';
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
    { title: t('settingsMore.tag.key'), dataIndex: 'key', key: 'key', sorter: true, sortOrder: list.sortOrderOf('key'), width: 140, fixed: 'start', render: (v: string) => <bdi>{v}</bdi> },
    { title: t('settingsMore.tag.value'), dataIndex: 'value', key: 'value', width: 160, ellipsis: true, render: (v: string) => <bdi>{v}</bdi> },
    { title: t('settingsMore.tag.type'), dataIndex: 'type', key: 'type', sorter: true, sortOrder: list.sortOrderOf('type'), width: 120, render: (v: string) => <bdi>{v}</bdi> },
    { title: t('settingsMore.tag.typeValue'), dataIndex: 'typeValue', key: 'typeValue', width: 130, ellipsis: true, render: (v: string | null) => <bdi>{v || missing}</bdi> },
    {
      title: t('settingsMore.tag.status'),
      key: 'status',
      width: 110,
      render: (_, row) => (
        <StatusSwitch
          entity="tag"
          row={row}
          editable={rights.tag}
          confirm={row.disabled ? t('settingsMore.tag.enableConfirm', { name: row.key }) : t('settingsMore.tag.disableConfirm', { name: row.key })}
          label={t('settingsMore.tag.status')}
          mutation={status}
          confirmTestId
        />
      ),
    },
    { title: t('settingsMore.tag.remark'), dataIndex: 'remark', key: 'remark', width: 180, ellipsis: true, render: (v: string | null) => <bdi>{v || missing}</bdi> },
    { title: t('settingsMore.tag.creator'), dataIndex: 'creator', key: 'creator', width: 110, render: (v: string) => <bdi>{v || missing}</bdi> },
    createdAtColumn(t, list.sortOrderOf),
    { title: t('settingsMore.tag.modifier'), dataIndex: 'modifier', key: 'modifier', width: 110, render: (v: string | null) => <bdi>{v || missing}</bdi> },
    { title: t('settingsMore.tag.modifiedAt'), dataIndex: 'modifiedAt', key: 'modifiedAt', width: 150, render: (v: string | null) => (v ? formatCreatedAt(v) : missing) },
  ];
  if (rights.tag) {
    columns.push(actionsColumn(t, 96, (row) => <RowActions entity="tag" id={row.id} name={row.key} onEdit={() => crud.openEdit(row)} onDelete={() => crud.onDelete(row)} />));
  }

  return (
    <EntityListPage
      entity="tag"
      title={t(route.titleKey)}
      searchPlaceholder={t('settingsMore.tag.search')}
      createLabel={t('settingsMore.tag.create')}
      canCreate={rights.tag}
      crud={crud}
      columns={columns}
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
    >
      {rights.tag && crud.formUsed ? (
        <Suspense fallback={null}>
          <TagFormModal open={crud.editing !== null} row={crud.editing?.row ?? null} onClose={crud.closeForm} />
        </Suspense>
      ) : null}
    </EntityListPage>
  );
}
