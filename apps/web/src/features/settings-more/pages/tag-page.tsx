import { lazy, Suspense, useState } from 'react';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { TagRow } from '@ullage/contracts/settings-more';
import type { PageProps } from '../../../app/route-types';
import { ListActions } from '../../../components/list-page/list-actions';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery, pageAfterDelete } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { toastSuccess } from '../../../lib/feedback';
import { formatCreatedAt } from '../../settings-org/format';
import { useViewer } from '../../settings-org/use-viewer';
import { useDeleteTag } from '../api/delete-tag';
import { exportTags } from '../api/export-tags';
import { moreKeys } from '../api/keys';
import { listTags } from '../api/list-tags';
import { useSetTagStatus } from '../api/set-tag-status';
import { RowActions } from '../../../components/list-page/row-actions';
import { moreRights } from '../permissions';
import { useFormUsed } from '../../../lib/use-form-used';

/** The form loads when first opened, keeping the list's chunk small (route budget). */
const TagFormModal = lazy(() => import('../components/tag-form-modal').then((module) => ({ default: module.TagFormModal })));

export const TAG_SORT_FIELDS = ['key', 'type', 'createdAt'] as const;

type Filters = { type: string | undefined; status: 'enabled' | 'disabled' | undefined };

/** System settings → Tags (administrator only): key/value pairs by type, enabled or disabled. */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const rights = moreRights(viewer);
  const list = useServerList<TagRow, Filters>({
    queryKey: moreKeys.tags,
    fetch: listTags,
    filters: { type: undefined, status: undefined },
    sortFields: TAG_SORT_FIELDS,
    showTotal: (total) => t('list.total', { total }),
  });
  const [editing, setEditing] = useState<{ row: TagRow | null } | null>(null);
  const formUsed = useFormUsed(editing !== null);
  const remove = useDeleteTag();
  const status = useSetTagStatus();
  const [exporting, setExporting] = useState(false);

  const onDelete = async (row: TagRow) => {
    await remove.mutateAsync(row.id);
    toastSuccess(t('list.delete.done'));
    list.setPage(pageAfterDelete(list.state.page, list.state.pageSize, list.total));
  };

  const onExport = () => {
    setExporting(true);
    exportTags(exportQuery(list.state), `${t('route.title.tag')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

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
      render: (_, row) =>
        rights.tag ? (
          <Popconfirm
            title={row.disabled ? t('settingsMore.tag.enableConfirm', { name: row.key }) : t('settingsMore.tag.disableConfirm', { name: row.key })}
            okText={t('list.action.confirm')}
            cancelText={t('common.action.cancel')}
            okButtonProps={{ 'data-testid': `tag-status-confirm-${row.id}` }}
            onConfirm={() =>
              status
                .mutateAsync({ id: row.id, disabled: !row.disabled })
                .then(() => toastSuccess(t('common.result.settingSaved')))
                .catch(() => undefined)
            }
          >
            <Switch
              checked={!row.disabled}
              checkedChildren={t('settingsOrg.status.enabled')}
              unCheckedChildren={t('settingsOrg.status.disabled')}
              loading={status.isPending && status.variables?.id === row.id}
              data-testid={`tag-status-${row.id}`}
              aria-label={t('settingsMore.tag.status')}
            />
          </Popconfirm>
        ) : (
          <Tag color={row.disabled ? 'default' : 'green'} data-testid={`tag-status-${row.id}`}>
            {row.disabled ? t('settingsOrg.status.disabled') : t('settingsOrg.status.enabled')}
          </Tag>
        ),
    },
    { title: t('settingsMore.tag.remark'), dataIndex: 'remark', key: 'remark', width: 180, ellipsis: true, render: (v: string | null) => <bdi>{v || missing}</bdi> },
    { title: t('settingsMore.tag.creator'), dataIndex: 'creator', key: 'creator', width: 110, render: (v: string) => <bdi>{v || missing}</bdi> },
    {
      title: t('list.column.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: list.sortOrderOf('createdAt'),
      width: 150,
      render: (value: string) => formatCreatedAt(value),
    },
    { title: t('settingsMore.tag.modifier'), dataIndex: 'modifier', key: 'modifier', width: 110, render: (v: string | null) => <bdi>{v || missing}</bdi> },
    { title: t('settingsMore.tag.modifiedAt'), dataIndex: 'modifiedAt', key: 'modifiedAt', width: 150, render: (v: string | null) => (v ? formatCreatedAt(v) : missing) },
  ];
  if (rights.tag) {
    columns.push({
      title: t('list.column.actions'),
      key: 'actions',
      fixed: 'end',
      width: 96,
      render: (_, row) => <RowActions entity="tag" id={row.id} name={row.key} onEdit={() => setEditing({ row })} onDelete={() => onDelete(row)} />,
    });
  }

  return (
    <ListPage
      title={t(route.titleKey)}
      search={{ placeholder: t('settingsMore.tag.search'), onSearch: list.setSearch, testId: 'tag-search' }}
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
          <Select
            className="list-page__filter"
            allowClear
            placeholder={t('settingsOrg.filter.allStatuses')}
            aria-label={t('settingsMore.tag.status')}
            options={[
              { value: 'enabled', label: t('settingsOrg.status.enabled') },
              { value: 'disabled', label: t('settingsOrg.status.disabled') },
            ]}
            value={list.state.filters.status}
            onChange={(value?: 'enabled' | 'disabled') => list.setFilter('status', value)}
            data-testid="tag-filter-status"
          />
        </>
      }
      actions={
        <ListActions entity="tag" onExport={onExport} exporting={exporting} createLabel={t('settingsMore.tag.create')} onCreate={rights.tag ? () => setEditing({ row: null }) : undefined} />
      }
    >
      <Table<TagRow> {...list.tableProps} columns={columns} scroll={{ x: 'max-content' }} size="middle" data-testid="tag-table" />
      {rights.tag && formUsed ? (
        <Suspense fallback={null}>
          <TagFormModal open={editing !== null} row={editing?.row ?? null} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </ListPage>
  );
}
