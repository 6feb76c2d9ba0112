import { useState } from 'react';
import Button from 'antd/es/button';
import { ApiDocsIntro } from '../../../components/api-docs-intro';
import { DataTable } from '../../../components/data-table/data-table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import KeyOutlined from '@ant-design/icons/es/icons/KeyOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import SendOutlined from '@ant-design/icons/es/icons/SendOutlined';
import UnorderedListOutlined from '@ant-design/icons/es/icons/UnorderedListOutlined';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpointRow } from '@ullage/contracts/webhooks';
import type { PageProps } from '../../../app/route-types';
import { ConfirmAction } from '../../../components/list-page/confirm-action';
import { formatCreatedAt } from '../../../components/list-page/columns';
import { ListPage } from '../../../components/list-page/list-page';
import { RowActions } from '../../../components/list-page/row-actions';
import { LazySecretModal } from '../../../components/secret-modal/lazy-secret-modal';
import { toastSuccess } from '../../../lib/feedback';
import { useDeleteEndpoint, useEndpoints, useRotateSecret, useSendTest } from '../api/endpoints';
import { lazyWhenOpen } from '../../../components/lazy-dialog';
import { eventText } from '../components/event-names';
import '../settings-webhooks.css';

// The form and the deliveries load when first opened: the list's route stays under its 400 KB budget.
const EndpointModal = lazyWhenOpen(() => import('../components/endpoint-modal').then((m) => m.EndpointModal), (props) => props.open);
const DeliveriesDrawer = lazyWhenOpen(() => import('../components/deliveries-drawer').then((m) => m.DeliveriesDrawer), (props) => props.endpoint !== null);

/**
 * System settings → Webhooks (issue 38): the organisation's endpoints, the events each hears,
 * its signing secret (shown once, on creation and rotation), a test event, and its deliveries.
 */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const endpoints = useEndpoints();
  const remove = useDeleteEndpoint();
  const rotate = useRotateSecret();
  const test = useSendTest();
  const [editing, setEditing] = useState<WebhookEndpointRow | null | 'new'>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [viewing, setViewing] = useState<WebhookEndpointRow | null>(null);
  const missing = t('common.placeholder.missing');

  const status = (row: WebhookEndpointRow) => {
    if (!row.enabled && row.disabledReason === 'failing') return <Tag color="red">{t('webhooks.status.failing', { since: formatCreatedAt(row.failingSince) })}</Tag>;
    if (!row.enabled) return <Tag>{t('webhooks.status.disabled')}</Tag>;
    if (row.failingSince) return <Tag color="orange">{t('webhooks.status.failingNow', { since: formatCreatedAt(row.failingSince) })}</Tag>;
    return <Tag color="green">{t('webhooks.status.enabled')}</Tag>;
  };

  const columns: ColumnsType<WebhookEndpointRow> = [
    {
      title: t('webhooks.field.url'),
      dataIndex: 'url',
      key: 'url',
      width: 280,
      ellipsis: true,
      render: (url: string) => (
        <code dir="ltr" className="webhooks__url">
          {url}
        </code>
      ),
    },
    { title: t('webhooks.field.description'), dataIndex: 'description', key: 'description', ellipsis: true, render: (v: string) => v || missing },
    {
      title: t('webhooks.field.events'),
      dataIndex: 'events',
      key: 'events',
      // Wide enough for the longest event names on one line each; the tags wrap inside it.
      width: 280,
      render: (events: string[]) => (
        <span className="webhooks__tags">
          {events.map((type) => (
            <Tag key={type}>{eventText(type) ? t(eventText(type)!) : type}</Tag>
          ))}
        </span>
      ),
    },
    { title: t('webhooks.column.owner'), dataIndex: 'ownerName', key: 'owner', width: 160, render: (v: string | null) => v ?? t('webhooks.owner.platform') },
    { title: t('webhooks.column.status'), key: 'status', width: 220, render: (_: unknown, row) => status(row) },
    { title: t('webhooks.column.lastDelivery'), dataIndex: 'lastAttemptAt', key: 'last', width: 150, render: (v: string | null) => (v ? formatCreatedAt(v) : missing) },
    {
      title: t('list.column.actions'),
      key: 'actions',
      width: 200,
      render: (_: unknown, row) => (
        <RowActions entity="webhook" id={row.id} name={row.url} onEdit={() => setEditing(row)} onDelete={() => remove.mutateAsync(row.id)}>
          <Button type="text" size="small" icon={<UnorderedListOutlined />} title={t('webhooks.action.deliveries')} aria-label={`${t('webhooks.action.deliveries')} ${row.url}`} data-testid={`webhook-deliveries-${row.id}`} onClick={() => setViewing(row)} />
          <Button
            type="text"
            size="small"
            icon={<SendOutlined />}
            title={t('webhooks.action.test')}
            aria-label={`${t('webhooks.action.test')} ${row.url}`}
            data-testid={`webhook-test-${row.id}`}
            loading={test.isPending && test.variables === row.id}
            onClick={() => test.mutate(row.id, { onSuccess: () => toastSuccess(t('webhooks.toast.testQueued')) })}
          />
          <ConfirmAction
            action={t('webhooks.action.rotate')}
            name={row.url}
            icon={<KeyOutlined />}
            title={t('webhooks.action.rotateTitle', { name: row.description || row.url })}
            description={t('webhooks.action.rotateNote')}
            loading={rotate.isPending && rotate.variables === row.id}
            testId={`webhook-rotate-${row.id}`}
            confirmTestId={`webhook-rotate-confirm-${row.id}`}
            onConfirm={() => rotate.mutateAsync(row.id).then((rotated) => setSecret(rotated.secret))}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      title={t(route.titleKey)}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="webhook-create">
          {t('webhooks.create')}
        </Button>
      }
    >
      <ApiDocsIntro title={t('webhooks.intro.title')} body={t('webhooks.intro.body')} docs={t('webhooks.intro.docs')} />
      <DataTable<WebhookEndpointRow>
        rowKey="id"
        size="middle"
        loading={endpoints.isLoading}
        columns={columns}
        dataSource={endpoints.data?.list ?? []}
        pagination={false}
        scroll={{ x: 1200 }}
        locale={{ emptyText: t('webhooks.empty') }}
        data-testid="webhooks"
      />
      <EndpointModal open={editing !== null} editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSecret={setSecret} />
      <LazySecretModal secret={secret} title={t('webhooks.secret.title')} note={t('webhooks.secret.note')} testId="webhook-secret" onClose={() => setSecret(null)} />
      <DeliveriesDrawer endpoint={viewing} onClose={() => setViewing(null)} />
    </ListPage>
  );
}
