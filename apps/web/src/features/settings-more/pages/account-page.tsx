import { lazy, Suspense, useMemo, useState } from 'react';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import { useTranslation } from 'react-i18next';
import type { AccountRow } from '@ullage/contracts/settings-more';
import type { PageProps } from '../../../app/route-types';
import { actionsColumn, createdAtColumn } from '../../../components/list-page/columns';
import { ConfirmAction } from '../../../components/list-page/confirm-action';
import { EntityListPage } from '../../../components/list-page/entity-list-page';
import { RowActions } from '../../../components/list-page/row-actions';
import { StatusFilter } from '../../../components/list-page/status-filter';
import { StatusSwitch } from '../../../components/list-page/status-switch';
import { useEntityCrud } from '../../../components/list-page/use-entity-crud';
import { useOrgTree } from '../../../lib/org-tree';
import { OrgFilter } from '../../../components/org-filter';
import { companyOptions } from '../../../lib/org-options';
import { useViewer } from '../../../lib/use-viewer';
import { useDeleteAccount } from '../api/delete-account';
import { exportAccounts } from '../api/export-accounts';
import { moreKeys } from '../api/keys';
import { listAccounts } from '../api/list-accounts';
import { useResetAccountPassword } from '../api/reset-account-password';
import { useSetAccountStatus } from '../api/set-account-status';
import { LazySecretModal } from '../components/lazy-secret-modal';
import { grantableAccountTypes, moreRights } from '../permissions';
import { accountTypeKey } from '../unit-options';

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
  const remove = useDeleteAccount();
  const crud = useEntityCrud<AccountRow, Filters>({
    queryKey: moreKeys.accounts,
    fetch: listAccounts,
    filters: { accountType: undefined, companyId: undefined, status: undefined },
    sortFields: ACCOUNT_SORT_FIELDS,
    exportFile: exportAccounts,
    exportName: t('route.title.account'),
    remove: remove.mutateAsync,
  });
  const { list } = crud;
  const [password, setPassword] = useState<string | null>(null);
  const status = useSetAccountStatus();
  const reset = useResetAccountPassword();

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
      render: (_, row) => (
        <StatusSwitch
          entity="account"
          row={row}
          editable={rights.account && manageable(row)}
          confirm={row.disabled ? t('settingsMore.account.enableConfirm', { name: row.username }) : t('settingsMore.account.disableConfirm', { name: row.username })}
          label={t('settingsMore.account.status')}
          mutation={status}
          confirmTestId
        />
      ),
    },
    createdAtColumn(t, list.sortOrderOf),
  ];
  if (rights.account) {
    columns.push(
      actionsColumn(t, 120, (row) =>
        manageable(row) ? (
          <RowActions entity="account" id={row.id} name={row.username} onEdit={() => crud.openEdit(row)} onDelete={() => crud.onDelete(row)}>
            <ConfirmAction
              action={t('settingsMore.account.reset')}
              name={row.username}
              icon={<UndoOutlined />}
              title={t('settingsMore.account.resetTitle')}
              description={t('settingsMore.account.resetConfirm', { name: row.username })}
              loading={reset.isPending && reset.variables === row.id}
              testId={`account-reset-${row.id}`}
              confirmTestId={`account-reset-confirm-${row.id}`}
              onConfirm={() =>
                reset
                  .mutateAsync(row.id)
                  .then((answer) => setPassword(answer.temporaryPassword))
                  .catch(() => undefined)
              }
            />
          </RowActions>
        ) : null,
      ),
    );
  }

  return (
    <EntityListPage
      entity="account"
      title={t(route.titleKey)}
      searchPlaceholder={t('settingsMore.account.search')}
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
            <OrgFilter
              placeholder={t('settingsOrg.filter.allCompanies')}
              label={t('settingsMore.station.company')}
              options={companies}
              value={list.state.filters.companyId}
              onChange={(value) => list.setFilter('companyId', value)}
              testId="account-filter-company"
            />
          ) : null}
          <StatusFilter label={t('settingsMore.account.status')} value={list.state.filters.status} onChange={(value) => list.setFilter('status', value)} testId="account-filter-status" />
        </>
      }
      createLabel={t('settingsMore.account.create')}
      canCreate={rights.account}
      crud={crud}
      columns={columns}
    >
      {rights.account && crud.formUsed ? (
        <Suspense fallback={null}>
          <AccountFormModal
            open={crud.editing !== null}
            row={crud.editing?.row ?? null}
            tree={tree.data ?? []}
            treeLoading={tree.isLoading}
            accountTypes={accountTypes}
            onClose={crud.closeForm}
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
    </EntityListPage>
  );
}
