import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Progress from 'antd/es/progress';
import { DataTable } from '../../../components/data-table/data-table';
import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CommandRow } from '@ullage/contracts/device-commands';
import type { CommandKind } from '@ullage/domain/device-commands';
import { stationDateTime } from '../../../lib/station-time';
import { useCancelCommand, useCommands, type CommandFilter } from '../api/commands';
import { DEVICE_PARAMS_KEY } from '../api/keys';
import { ENDER_KEYS, KIND_KEYS, STATE_COLOURS, STATE_KEYS } from '../command-labels';

interface CommandHistoryProps {
  stationId?: number | undefined;
  tankId?: number | undefined;
  kind?: CommandKind | undefined;
  firmwareId?: number | undefined;
  /** Show the station column (a history across stations, as for upgrades). */
  showStation?: boolean;
  canCancel: boolean;
  testId: string;
}

/** What a command asked for, in a line. */
export function commandSummary(t: TFunction, row: CommandRow): string {
  const p = row.params as Record<string, unknown>;
  const mm = (v: unknown) => (typeof v === 'number' ? String(v) : t('deviceParams.off'));
  switch (row.kind) {
    case 'thresholds':
      return t('deviceParams.summary.thresholds', { highAlarm: mm(p.highOilAlarmMm), highWarn: mm(p.highOilWarnMm), lowWarn: mm(p.lowOilWarnMm), lowAlarm: mm(p.lowOilAlarmMm), water: mm(p.highWaterAlarmMm) });
    case 'strapping':
      return t('deviceParams.summary.strapping', { count: Array.isArray(p.points) ? p.points.length : 0 });
    case 'tilt':
      return t('deviceParams.summary.tilt', { tilt: p.tiltDeg as number, offset: p.probeOffsetMm as number });
    case 'clock':
      return p.mode === 'sync' ? t('deviceParams.summary.clockSync') : t('deviceParams.summary.clockSet', { time: stationDateTime(p.time as string, row.stationTimezone) ?? '' });
    case 'firmware':
      return t('deviceParams.summary.firmware', { fileName: p.fileName as string, version: p.version as string });
  }
}

function outcome(t: TFunction, row: CommandRow): string {
  if (row.state === 'failed') return row.reason ? t('deviceParams.outcome.refused', { reason: row.reason }) : t('deviceParams.outcome.refusedNoReason');
  if (row.state === 'cancelled') return row.endedBy === 'user' ? t('deviceParams.outcome.cancelledBy', { name: row.cancelledBy ?? '' }) : t(ENDER_KEYS.timeout);
  if (row.state === 'success') return t(ENDER_KEYS.device);
  return row.deliveredAt ? t('deviceParams.outcome.delivered') : t('deviceParams.outcome.waiting');
}

/** The commands of a station (or tank, or kind, or firmware file): who issued what, when, and how it ended. Follows issuing ones live. */
export function CommandHistory({ stationId, tankId, kind, firmwareId, showStation = false, canCancel, testId }: CommandHistoryProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const filter: CommandFilter = { stationId, tankId, kind, firmwareId, page, pageSize: 10 };
  const query = useCommands(filter);
  const cancel = useCancelCommand();
  // A command that ends has changed what the device (and the server) holds: refresh the tabs.
  const client = useQueryClient();
  const issuing = useRef(new Set<number>());
  useEffect(() => {
    const list = query.data?.list ?? [];
    const ended = list.some((c) => c.state !== 'issuing' && issuing.current.has(c.id));
    issuing.current = new Set(list.filter((c) => c.state === 'issuing').map((c) => c.id));
    if (ended) void client.invalidateQueries({ queryKey: [...DEVICE_PARAMS_KEY, 'overview'] });
  }, [query.data, client]);
  const time = (row: CommandRow, iso: string | null) => stationDateTime(iso, row.stationTimezone) ?? t('common.placeholder.missing');

  const columns: ColumnsType<CommandRow> = [
    {
      title: `${t('deviceParams.column.issuedAt')} · ${t('deviceParams.column.issuedBy')}`,
      key: 'issuedAt',
      width: 170,
      render: (_, row) => (
        <span className="device-params__stack">
          <span>{time(row, row.issuedAt)}</span>
          <span className="device-params__hint">{row.issuedBy}</span>
        </span>
      ),
    },
    ...(showStation ? [{ title: t('deviceParams.column.station'), key: 'station', render: (_: unknown, row: CommandRow) => `${row.stationName} (${row.stationCode})` }] : []),
    {
      title: t('deviceParams.column.kind'),
      key: 'kind',
      width: 150,
      render: (_, row) => (row.tankCode && tankId === undefined ? t('deviceParams.kindOfTank', { kind: t(KIND_KEYS[row.kind]), code: row.tankCode }) : t(KIND_KEYS[row.kind])),
    },
    { title: t('deviceParams.column.details'), key: 'details', render: (_, row) => <span className="device-params__details">{commandSummary(t, row)}</span> },
    {
      title: t('deviceParams.column.state'),
      key: 'state',
      width: 150,
      render: (_, row) => (
        <div className="device-params__state" data-testid={`command-state-${row.id}`} data-state={row.state}>
          <Tag color={STATE_COLOURS[row.state]}>{t(STATE_KEYS[row.state])}</Tag>
          {row.kind === 'firmware' && row.progress !== null ? <Progress percent={row.progress} size="small" status={row.state === 'failed' ? 'exception' : row.state === 'issuing' ? 'active' : undefined} /> : null}
        </div>
      ),
    },
    { title: t('deviceParams.column.outcome'), key: 'outcome', render: (_, row) => <span className="device-params__details" data-testid={`command-outcome-${row.id}`}>{outcome(t, row)}</span> },
    { title: t('deviceParams.column.endedAt'), key: 'endedAt', width: 170, render: (_, row) => time(row, row.endedAt) },
    ...(canCancel
      ? [
          {
            title: t('list.column.actions'),
            key: 'actions',
            width: 100,
            render: (_: unknown, row: CommandRow) =>
              row.state === 'issuing' ? (
                <Popconfirm title={t('deviceParams.cancel.confirm')} okText={t('list.action.confirm')} cancelText={t('common.action.cancel')} onConfirm={() => cancel.mutateAsync(row.id).catch(() => undefined)}>
                  <Button size="small" danger data-testid={`command-cancel-${row.id}`}>
                    {t('deviceParams.cancel.action')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <section className="device-params__history" aria-label={t('deviceParams.history.title')}>
      <h3 className="device-params__subtitle">{t('deviceParams.history.title')}</h3>
      <DataTable<CommandRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: 10, total: query.data?.total ?? 0, onChange: setPage, showSizeChanger: false, showTotal: (total) => t('list.total', { total }) }}
        locale={{ emptyText: t('deviceParams.history.empty') }}
        data-testid={testId}
      />
    </section>
  );
}
