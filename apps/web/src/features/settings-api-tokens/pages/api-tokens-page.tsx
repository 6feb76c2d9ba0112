import { useState } from 'react';
import Button from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import KeyOutlined from '@ant-design/icons/es/icons/KeyOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import StopOutlined from '@ant-design/icons/es/icons/StopOutlined';
import { useTranslation } from 'react-i18next';
import type { ServiceAccountRow, TokenRow } from '@ullage/contracts/api-tokens';
import { API_SCOPES, type ApiScope } from '@ullage/domain/api-scopes';
import type { PageProps } from '../../../app/route-types';
import type { MessageKey } from '../../../i18n/message-key';
import { ApiDocsIntro } from '../../../components/api-docs-intro';
import { DataTable } from '../../../components/data-table/data-table';
import { ConfirmAction } from '../../../components/list-page/confirm-action';
import { formatCreatedAt } from '../../../components/list-page/columns';
import { ListPage } from '../../../components/list-page/list-page';
import { RowActions } from '../../../components/list-page/row-actions';
import { LazySecretModal } from '../../../components/secret-modal/lazy-secret-modal';
import { useDeleteServiceAccount } from '../api/delete-service-account';
import { useRevokeToken } from '../api/revoke-token';
import { useServiceAccounts } from '../api/service-accounts';
import { SCOPE_TEXTS } from '../components/scope-names';
import { lazyWhenOpen } from '../../../components/lazy-dialog';
import '../settings-api-tokens.css';

// The forms load when first opened: the list's route stays small (route budget).
const ServiceAccountModal = lazyWhenOpen(() => import('../components/service-account-modal').then((m) => m.ServiceAccountModal), (props) => props.open);
const TokenModal = lazyWhenOpen(() => import('../components/token-modal').then((m) => m.TokenModal), (props) => props.account !== null);

const STATE_COLORS: Record<TokenRow['state'], string> = { live: 'green', expired: 'default', revoked: 'red' };
const STATE_KEYS: Record<TokenRow['state'], MessageKey> = { live: 'apiTokens.state.live', expired: 'apiTokens.state.expired', revoked: 'apiTokens.state.revoked' };

const isScope = (value: string): value is ApiScope => (API_SCOPES as readonly string[]).includes(value);

/**
 * System settings → API tokens (issue 38): the organisation's service accounts, the machines
 * (dispatch, ERP) that call the API, and their tokens. A token is shown once, when made.
 */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const accounts = useServiceAccounts();
  const removeAccount = useDeleteServiceAccount();
  const revoke = useRevokeToken();
  const [creating, setCreating] = useState(false);
  const [tokenFor, setTokenFor] = useState<{ id: number; name: string } | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  // Every account shows its tokens, new ones included, unless its row was folded.
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const missing = t('common.placeholder.missing');

  const tokenColumns = (account: ServiceAccountRow): ColumnsType<TokenRow> => [
    { title: t('apiTokens.token.name'), dataIndex: 'name', key: 'name', width: 160 },
    {
      title: t('apiTokens.token.hint'),
      dataIndex: 'hint',
      key: 'hint',
      width: 150,
      render: (hint: string) => (
        <code dir="ltr" className="api-tokens__hint">
          {hint}…
        </code>
      ),
    },
    {
      title: t('apiTokens.token.scopes'),
      dataIndex: 'scopes',
      key: 'scopes',
      render: (scopes: string[]) => (
        <span className="api-tokens__tags">
          {scopes.map((scope) => (
            <Tag key={scope}>{isScope(scope) ? t(SCOPE_TEXTS[scope].name) : scope}</Tag>
          ))}
        </span>
      ),
    },
    { title: t('apiTokens.token.expires'), dataIndex: 'expiresAt', key: 'expiresAt', width: 150, render: (v: string | null) => (v ? formatCreatedAt(v) : t('apiTokens.token.never')) },
    {
      title: t('apiTokens.token.lastUsed'),
      key: 'lastUsed',
      width: 190,
      render: (_: unknown, row) =>
        row.lastUsedAt ? (
          <span>
            {formatCreatedAt(row.lastUsedAt)}{' '}
            <span dir="ltr" className="api-tokens__ip">
              {row.lastUsedIp}
            </span>
          </span>
        ) : (
          t('apiTokens.token.neverUsed')
        ),
    },
    { title: t('apiTokens.token.state'), dataIndex: 'state', key: 'state', width: 100, render: (state: TokenRow['state']) => <Tag color={STATE_COLORS[state]}>{t(STATE_KEYS[state])}</Tag> },
    {
      title: t('list.column.actions'),
      key: 'actions',
      width: 80,
      render: (_: unknown, row) =>
        row.state === 'live' ? (
          <ConfirmAction
            action={t('apiTokens.token.revoke')}
            name={row.name}
            icon={<StopOutlined />}
            title={t('apiTokens.token.revokeTitle', { name: row.name })}
            description={t('apiTokens.token.revokeNote')}
            danger
            loading={revoke.isPending && revoke.variables?.tokenId === row.id}
            testId={`api-token-revoke-${row.id}`}
            confirmTestId={`api-token-revoke-confirm-${row.id}`}
            onConfirm={() => revoke.mutateAsync({ serviceAccountId: account.id, tokenId: row.id })}
          />
        ) : null,
    },
  ];

  const columns: ColumnsType<ServiceAccountRow> = [
    { title: t('apiTokens.account.name'), dataIndex: 'name', key: 'name', width: 200 },
    { title: t('apiTokens.account.description'), dataIndex: 'description', key: 'description', ellipsis: true, render: (v: string | null) => v || missing },
    { title: t('apiTokens.account.organisation'), dataIndex: 'organisation', key: 'organisation', width: 200, render: (v: string | null) => v ?? t('apiTokens.account.platform') },
    { title: t('apiTokens.account.tokens'), key: 'tokens', width: 110, render: (_: unknown, row) => t('apiTokens.account.liveTokens', { count: row.tokens.filter((tk) => tk.state === 'live').length }) },
    { title: t('apiTokens.account.createdBy'), key: 'created', width: 200, render: (_: unknown, row) => `${row.createdBy ?? missing} · ${formatCreatedAt(row.createdAt)}` },
    {
      title: t('list.column.actions'),
      key: 'actions',
      width: 130,
      render: (_: unknown, row) => (
        <RowActions entity="service-account" id={row.id} name={row.name} onDelete={() => removeAccount.mutateAsync(row.id)}>
          <Button type="text" size="small" icon={<KeyOutlined />} title={t('apiTokens.token.create')} aria-label={`${t('apiTokens.token.create')} ${row.name}`} data-testid={`api-token-create-${row.id}`} onClick={() => setTokenFor({ id: row.id, name: row.name })} />
        </RowActions>
      ),
    },
  ];

  const data = accounts.data;
  return (
    <ListPage
      title={t(route.titleKey)}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="service-account-create">
          {t('apiTokens.account.create')}
        </Button>
      }
    >
      <ApiDocsIntro title={t('apiTokens.intro.title')} body={t('apiTokens.intro.body')} docs={t('apiTokens.intro.docs')} />
      <DataTable<ServiceAccountRow>
        rowKey="id"
        size="middle"
        loading={accounts.isLoading}
        columns={columns}
        dataSource={data?.list ?? []}
        pagination={false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('apiTokens.account.empty') }}
        expandable={{
          expandedRowKeys: (data?.list ?? []).map((a) => a.id).filter((id) => !folded.has(id)),
          onExpand: (expanded, account) =>
            setFolded((previous) => {
              const next = new Set(previous);
              if (expanded) next.delete(account.id);
              else next.add(account.id);
              return next;
            }),
          expandedRowRender: (account) =>
            account.tokens.length === 0 ? (
              <p className="api-tokens__none">{t('apiTokens.token.empty')}</p>
            ) : (
              <DataTable<TokenRow> rowKey="id" size="small" columns={tokenColumns(account)} dataSource={account.tokens} pagination={false} data-testid={`api-tokens-of-${account.id}`} />
            ),
        }}
        data-testid="service-accounts"
      />
      <ServiceAccountModal open={creating} onClose={() => setCreating(false)} />
      <TokenModal account={tokenFor} grantable={data?.grantableScopes ?? []} onClose={() => setTokenFor(null)} onMade={setShown} />
      <LazySecretModal secret={shown} title={t('apiTokens.shown.title')} note={t('apiTokens.shown.note')} testId="api-token-value" onClose={() => setShown(null)} />
    </ListPage>
  );
}
