import { useState } from 'react';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import { DataTable } from '../../../components/data-table/data-table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import RedoOutlined from '@ant-design/icons/es/icons/RedoOutlined';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '@ullage/contracts/webhooks';
import type { MessageKey } from '../../../i18n/message-key';
import { formatCreatedAt } from '../../../components/list-page/columns';
import { toastSuccess } from '../../../lib/feedback';
import { useDeliveries, useRedeliver } from '../api/deliveries';
import { eventText } from './event-names';

const STATUS: Record<WebhookDeliveryRow['status'], { color: string; key: MessageKey }> = {
  pending: { color: 'blue', key: 'webhooks.deliveryStatus.pending' },
  failed: { color: 'orange', key: 'webhooks.deliveryStatus.failed' },
  succeeded: { color: 'green', key: 'webhooks.deliveryStatus.succeeded' },
  gave_up: { color: 'red', key: 'webhooks.deliveryStatus.gave_up' },
};

/** An endpoint's deliveries, newest first: event, status, response code, time, attempts; each may be sent again. */
export function DeliveriesDrawer({ endpoint, onClose }: { endpoint: WebhookEndpointRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const deliveries = useDeliveries(endpoint?.id ?? null, page, pageSize);
  const redeliver = useRedeliver();
  const missing = t('common.placeholder.missing');

  const columns: ColumnsType<WebhookDeliveryRow> = [
    {
      title: t('webhooks.deliveries.event'),
      key: 'event',
      render: (_: unknown, row) => (
        <span>
          {eventText(row.eventType) ? t(eventText(row.eventType)!) : row.eventType} <code dir="ltr">{row.eventType}</code>
        </span>
      ),
    },
    { title: t('webhooks.deliveries.status'), dataIndex: 'status', key: 'status', width: 120, render: (status: WebhookDeliveryRow['status']) => <Tag color={STATUS[status].color}>{t(STATUS[status].key)}</Tag> },
    {
      title: t('webhooks.deliveries.code'),
      key: 'code',
      width: 110,
      render: (_: unknown, row) =>
        row.lastError ? (
          <Tooltip title={row.lastError}>
            <span dir="ltr">{row.lastStatusCode ?? '—'} ⚠</span>
          </Tooltip>
        ) : (
          <span dir="ltr">{row.lastStatusCode ?? missing}</span>
        ),
    },
    { title: t('webhooks.deliveries.time'), dataIndex: 'lastAttemptAt', key: 'time', width: 150, render: (v: string | null) => (v ? formatCreatedAt(v) : missing) },
    { title: t('webhooks.deliveries.attempts'), dataIndex: 'attempts', key: 'attempts', width: 90 },
    { title: t('webhooks.deliveries.duration'), dataIndex: 'durationMs', key: 'duration', width: 100, render: (v: number | null) => (v === null ? missing : t('webhooks.deliveries.ms', { ms: v })) },
    { title: t('webhooks.deliveries.next'), dataIndex: 'nextAttemptAt', key: 'next', width: 150, render: (v: string | null, row) => (v && (row.status === 'failed' || row.status === 'pending') ? formatCreatedAt(v) : missing) },
    {
      title: t('list.column.actions'),
      key: 'actions',
      width: 70,
      render: (_: unknown, row) => (
        <Button
          type="text"
          size="small"
          icon={<RedoOutlined />}
          title={t('webhooks.deliveries.redeliver')}
          aria-label={t('webhooks.deliveries.redeliver')}
          data-testid={`webhook-redeliver-${row.id}`}
          loading={redeliver.isPending && redeliver.variables?.deliveryId === row.id}
          onClick={() => redeliver.mutate({ endpointId: endpoint!.id, deliveryId: row.id }, { onSuccess: () => toastSuccess(t('webhooks.toast.redelivered')) })}
        />
      ),
    },
  ];

  return (
    <Drawer open={endpoint !== null} onClose={onClose} size="large" width={1000} title={endpoint ? t('webhooks.deliveries.title', { url: endpoint.url }) : ''} destroyOnHidden>
      <DataTable<WebhookDeliveryRow>
        rowKey="id"
        size="small"
        loading={deliveries.isLoading}
        columns={columns}
        dataSource={deliveries.data?.list ?? []}
        locale={{ emptyText: t('webhooks.deliveries.empty') }}
        scroll={{ x: 900 }}
        pagination={{
          current: page,
          pageSize,
          total: deliveries.data?.total ?? 0,
          onChange: (next, size) => {
            setPage(next);
            setPageSize(size);
          },
        }}
        data-testid="webhook-deliveries"
      />
    </Drawer>
  );
}
