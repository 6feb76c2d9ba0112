import { lazy, Suspense, useMemo, useState } from 'react';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import { useTranslation } from 'react-i18next';
import type { AccountRow } from '@ullage/contracts/settings-more';
import type { PageProps } from '../../../app/route-types';
import { ListActions } from '../../../components/list-page/list-actions';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery, pageAfterDelete } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { toastSuccess } from '../../../lib/feedback';
import { useOrgTree } from '../../settings-org/api/org-tree';
import { formatCreatedAt } from '../../settings-org/format';
import { companyOptions, optionMatches } from '../../settings-org/org-options';
import { useViewer } from '../../settings-org/use-viewer';
import { useDeleteAccount } from '../api/delete-account';
import { exportAccounts } from '../api/export-accounts';
import { moreKeys } from '../api/keys';
import { listAccounts } from '../api/list-accounts';
import { useResetAccountPassword } from '../api/reset-account-password';
import { useSetAccountStatus } from '../api/set-account-status';
import { RowActions } from '../../../components/list-page/row-actions';
import { LazySecretModal } from '../components/lazy-secret-modal';
import { grantableAccountTypes, moreRights } from '../permissions';
import { accountTypeKey } from '../unit-options';
import { useFormUsed } from '../../../lib/use-form-used';

/** The form loads when first opened, keeping the list's chunk small (route budget). */
const AccountFormModal = lazy(() => import('../components/account-form-modal').then((module) => ({ default: module.AccountFormModal })));

export const ACCOUNT_SORT_FIELDS = ['username', 'nickname', 'accountType', 'createdAt'] as const;

type Filters = { accountType: number | undefined; companyId: number | undefined; status: 'enabled' | 'disabled' | undefined };

/** System settings → Accounts (spec §3, §4, §5): list, export, create, edit, enable/disable, reset password. */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const rights = moreRights(viewer);
  const accountTypes = useMemo(() => grantableAccountTypes(viewer), [viewer]);
  const tree = useOrgTree();
  const companies = useMemo(() => companyOptions(tree.data ?? []), [tree.data]);
  const list = useServerList<AccountRow, Filters>({
    queryKey: moreKeys.accounts,
    fetch: listAccounts,
    filters: { accountType: undefined, companyId: undefined, status: undefined },
    sortFields: ACCOUNT_SORT_FIELDS,
    showTotal: (total) => t('list.total', { total }),
  });
  const [editing, setEditing] = useState<{ row: AccountRow | null } | null>(null);
  const formUsed = useFormUsed(editing !== null);
  const [password, setPassword] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const status = useSetAccountStatus();
  const reset = useResetAccountPassword();
  const [exporting, setExporting] = useState(false);

  const onDelete = async (row: AccountRow) => {
    await remove.mutateAsync(row.id);
    toastSuccess(t('list.delete.done'));
    list.setPage(pageAfterDelete(list.state.page, list.state.pageSize, list.total));
  };

  const onExport = () => {
    setExporting(true);
    exportAccounts(exportQuery(list.state), `${t('route.title.account')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  /** The administrator account is not managed here (the server refuses with 80003). */
  const manageable = (row: AccountRow) => row.accountType !== 0;
  const missing = t('common.placeholder.missing');
  const typeLabel = (type: number) => {
    const key = accountTypeKey(type);
    return key ? t(key) : String(type);
  };
  const columns: ColumnsType<AccountRow> = [
    {
      title: t('settingsMore.account.username'),
      dataIndex: 'username',
      key: 'username',
      sorter: true,
      sortOrder: list.sortOrderOf('username'),
      width: 150,
      fixed: 'start',
      render: (value: string) => <bdi>{value}</bdi>,
    },
    {
      title: t('settingsMore.account.nickname'),
      dataIndex: 'nickname',
      key: 'nickname',
      sorter: true,
      sortOrder: list.sortOrderOf('nickname'),
      width: 140,
      ellipsis: true,
      render: (value: string) => <bdi>{value}</bdi>,
    },
    {
      title: t('settingsMore.account.accountType'),
      dataIndex: 'accountType',
      key: 'accountType',
      sorter: true,
      sortOrder: list.sortOrderOf('accountType'),
      width: 140,
      render: (value: number) => typeLabel(value),
    },
    { title: t('settingsMore.account.unit'), dataIndex: 'unitName', key: 'unitName', width: 160, ellipsis: true, render: (value: string | null) => <bdi>{value || missing}</bdi> },
    { title: t('settingsMore.account.email'), dataIndex: 'email', key: 'email', width: 180, ellipsis: true, render: (value: string | null) => <span dir="ltr">{value || missing}</span> },
    { title: t('settingsMore.account.casUser'), dataIndex: 'casUser', key: 'casUser', width: 120, ellipsis: true, render: (value: string | null) => <bdi>{value || missing}</bdi> },
    {
      title: t('settingsMore.account.status'),
      key: 'status',
      width: 110,
      render: (_, row) =>
        rights.account && manageable(row) ? (
          <Popconfirm
            title={row.disabled ? t('settingsMore.account.enableConfirm', { name: row.username }) : t('settingsMore.account.disableConfirm', { name: row.username })}
            okText={t('list.action.confirm')}
            cancelText={t('common.action.cancel')}
            okButtonProps={{ 'data-testid': `account-status-confirm-${row.id}` }}
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
              data-testid={`account-status-${row.id}`}
              aria-label={t('settingsMore.account.status')}
            />
          </Popconfirm>
        ) : (
          <Tag color={row.disabled ? 'default' : 'green'} data-testid={`account-status-${row.id}`}>
            {row.disabled ? t('settingsOrg.status.disabled') : t('settingsOrg.status.enabled')}
          </Tag>
        ),
    },
    {
      title: t('list.column.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: list.sortOrderOf('createdAt'),
      width: 150,
      render: (value: string) => formatCreatedAt(value),
    },
  ];
  if (rights.account) {
    columns.push({
      title: t('list.column.actions'),
      key: 'actions',
      fixed: 'end',
      width: 120,
      render: (_, row) =>
        manageable(row) ? (
        <RowActions entity="account" id={row.id} name={row.username} onEdit={() => setEditing({ row })} onDelete={() => onDelete(row)}>
          <Popconfirm
            title={t('settingsMore.account.resetTitle')}
            description={t('settingsMore.account.resetConfirm', { name: row.username })}
            okText={t('settingsMore.account.reset')}
            cancelText={t('common.action.cancel')}
            okButtonProps={{ 'data-testid': `account-reset-confirm-${row.id}` }}
            onConfirm={() =>
              reset
                .mutateAsync(row.id)
                .then((answer) => setPassword(answer.temporaryPassword))
                .catch(() => undefined)
            }
          >
              <Button
                type="text"
                size="small"
                icon={<UndoOutlined />}
                title={t('settingsMore.account.reset')}
                loading={reset.isPending && reset.variables === row.id}
                aria-label={`${t('settingsMore.account.reset')} ${row.username}`}
                data-testid={`account-reset-${row.id}`}
              />
          </Popconfirm>
        </RowActions>
        ) : null,
    });
  }

  return (
    <ListPage
      title={t(route.titleKey)}
      search={{ placeholder: t('settingsMore.account.search'), onSearch: list.setSearch, testId: 'account-search' }}
      filters={
        <>
          <Select
            className="list-page__filter"
            allowClear
            placeholder={t('settingsMore.filter.allAccountTypes')}
            aria-label={t('settingsMore.account.accountType')}
            options={[1, 2, 3, 4].map((type) => ({ value: type, label: typeLabel(type) }))}
            value={list.state.filters.accountType}
            onChange={(value?: number) => list.setFilter('accountType', value)}
            data-testid="account-filter-type"
          />
          {companies.length > 1 ? (
            <Select
              className="list-page__filter"
              allowClear
              showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
              placeholder={t('settingsOrg.filter.allCompanies')}
              aria-label={t('settingsMore.station.company')}
              options={companies}
              value={list.state.filters.companyId}
              onChange={(value?: number) => list.setFilter('companyId', value)}
              data-testid="account-filter-company"
            />
          ) : null}
          <Select
            className="list-page__filter"
            allowClear
            placeholder={t('settingsOrg.filter.allStatuses')}
            aria-label={t('settingsMore.account.status')}
            options={[
              { value: 'enabled', label: t('settingsOrg.status.enabled') },
              { value: 'disabled', label: t('settingsOrg.status.disabled') },
            ]}
            value={list.state.filters.status}
            onChange={(value?: 'enabled' | 'disabled') => list.setFilter('status', value)}
            data-testid="account-filter-status"
          />
        </>
      }
      actions={
        <ListActions entity="account" onExport={onExport} exporting={exporting} createLabel={t('settingsMore.account.create')} onCreate={rights.account ? () => setEditing({ row: null }) : undefined} />
      }
    >
      <Table<AccountRow> {...list.tableProps} columns={columns} scroll={{ x: 'max-content' }} size="middle" data-testid="account-table" />
      {rights.account && formUsed ? (
        <Suspense fallback={null}>
          <AccountFormModal
            open={editing !== null}
            row={editing?.row ?? null}
            tree={tree.data ?? []}
            treeLoading={tree.isLoading}
            accountTypes={accountTypes}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
      <LazySecretModal
        secret={password}
        title={t('settingsMore.account.temporaryTitle')}
        note={t('settingsMore.account.temporaryNote')}
        testId="temporary-password"
        onClose={() => setPassword(null)}
      />
    </ListPage>
  );
}
