import { lazy, useMemo, useState } from 'react';
import type { ColumnsType } from 'antd/es/table';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import { useTranslation } from 'react-i18next';
import type { AccountRow } from '@ullage/contracts/settings-more';
import type { PageProps } from '../../../app/route-types';
import { createdAtColumn, sortableField } from '../../../components/list-page/columns';
import { ConfirmAction } from '../../../components/list-page/confirm-action';
import { StatusFilter } from '../../../components/list-page/status-filter';
import { useEntityCrud } from '../../../components/list-page/use-entity-crud';
import { SelectFilter } from '../../../components/settings-list/select-filter';
import { SettingsListPage } from '../../../components/settings-list/settings-list-page';
import { statusColumn } from '../../../components/settings-list/status-column';
import { textColumn } from '../../../components/settings-list/text-columns';
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
import { LazySecretModal } from '../../../components/secret-modal/lazy-secret-modal';
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
    textColumn(t('settingsMore.account.username'), 'username', { sort: list.sortOrderOf, width: 150, fixed: 'start' }),
    textColumn(t('settingsMore.account.nickname'), 'nickname', { sort: list.sortOrderOf, width: 140, ellipsis: true }),
    {
      title: t('settingsMore.account.accountType'),
      ...sortableField('accountType', list.sortOrderOf),
      width: 140,
      render: (value: number) => typeLabel(value),
    },
    textColumn(t('settingsMore.account.unit'), 'unitName', { width: 160, ellipsis: true, missing }),
    { title: t('settingsMore.account.email'), dataIndex: 'email', key: 'email', width: 180, ellipsis: true, render: (value: string | null) => <span dir="ltr">{value || missing}</span> },
    textColumn(t('settingsMore.account.casUser'), 'casUser', { width: 120, ellipsis: true, missing }),
    statusColumn<AccountRow>({
      entity: 'account',
      label: t('settingsMore.account.status'),
      editable: (row) => rights.account && manageable(row),
      confirm: (row) => (row.disabled ? t('settingsMore.account.enableConfirm', { name: row.username }) : t('settingsMore.account.disableConfirm', { name: row.username })),
      mutation: status,
      confirmTestId: true,
    }),
    createdAtColumn(t, list.sortOrderOf),
  ];
  const resetAction = (row: AccountRow) => (
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
  );

  return (
    <SettingsListPage
      entity="account"
      title={t(route.titleKey)}
      searchPlaceholder={t('settingsMore.account.search')}
      filters={
        <>
          <SelectFilter
            placeholder={t('settingsMore.filter.allAccountTypes')}
            label={t('settingsMore.account.accountType')}
            options={[1, 2, 3, 4].map((type) => ({ value: type, label: typeLabel(type) }))}
            value={list.state.filters.accountType}
            onChange={(value) => list.setFilter('accountType', value)}
            testId="account-filter-type"
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
      rowActions={rights.account ? { width: 120, name: (row) => row.username, rowsWith: manageable, extra: resetAction } : undefined}
      form={
        rights.account
          ? (subject) => <AccountFormModal {...subject} tree={tree.data ?? []} treeLoading={tree.isLoading} accountTypes={accountTypes} />
          : undefined
      }
    >
      <LazySecretModal
        secret={password}
        title={t('settingsMore.account.temporaryTitle')}
        note={t('settingsMore.account.temporaryNote')}
        testId="temporary-password"
        onClose={() => setPassword(null)}
      />
    </SettingsListPage>
  );
}
