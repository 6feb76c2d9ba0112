import { useState } from 'react';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import { DataTable } from '../../../components/data-table/data-table';
import Tag from 'antd/es/tag';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import SendOutlined from '@ant-design/icons/es/icons/SendOutlined';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { useTranslation } from 'react-i18next';
import type { DeviceOverview, FirmwareRow } from '@ullage/contracts/device-commands';
import { stationDateTime } from '../../../lib/station-time';
import { useDeleteFirmware, useFirmwareList } from '../api/firmware';
import { FIRMWARE_STATUS_COLOURS, FIRMWARE_STATUS_KEYS } from '../command-labels';
import type { StationOption } from '../station-options';
import { CommandHistory } from './command-history';
import { FirmwareIssueModal } from './firmware-issue-modal';
import { FirmwareUploadModal } from './firmware-upload-modal';

interface TabProps {
  device: DeviceOverview;
  canIssue: boolean;
  options: StationOption[];
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * Device upgrade: firmware files (.bin/.exe, 8-digit version, device type, description,
 * authorisation period or indefinite), issued to one or many stations; each upgrade's
 * progress and state, cancellable while issuing.
 */
export function UpgradeTab({ device, canIssue, options }: TabProps) {
  const { t } = useTranslation();
  const files = useFirmwareList(device.canManage);
  const remove = useDeleteFirmware();
  const [uploading, setUploading] = useState(false);
  const [issuing, setIssuing] = useState<FirmwareRow | null>(null);
  // Times read in the chosen station's zone, as everywhere on this page.
  const at = (iso: string | null) => stationDateTime(iso, device.station.timezone) ?? t('common.placeholder.missing');

  if (!device.canManage) return <p className="device-params__hint">{t('deviceParams.notice.readOnly')}</p>;
  return (
    <div className="device-params__tab" data-testid="tab-upgrade">
      <div className="device-params__actions">
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)} data-testid="firmware-upload">
          {t('deviceParams.firmware.upload')}
        </Button>
      </div>
      <DataTable<FirmwareRow>
        rowKey="id"
        size="small"
        loading={files.isLoading}
        dataSource={files.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('deviceParams.firmware.empty') }}
        data-testid="firmware-table"
        columns={[
          {
            title: t('deviceParams.firmware.fileName'),
            key: 'fileName',
            render: (_, row) => (
              <span className="device-params__stack">
                <span>{row.fileName}</span>
                <span className="device-params__hint" title={`${t('deviceParams.firmware.size')}: ${row.sizeBytes} B · SHA-256 ${row.sha256}`}>{`${size(row.sizeBytes)} · SHA-256 ${row.sha256.slice(0, 8)}…`}</span>
              </span>
            ),
          },
          { title: t('deviceParams.firmware.version'), dataIndex: 'version', key: 'version' },
          { title: t('deviceParams.firmware.deviceType'), key: 'deviceType', render: (_, row) => (row.deviceType === 'ullage-collector' ? t('deviceParams.deviceType.ullageCollector') : row.deviceType) },
          { title: t('deviceParams.firmware.description'), dataIndex: 'description', key: 'description', render: (v: string | null) => <span className="device-params__details">{v ?? ''}</span> },
          {
            title: `${t('deviceParams.firmware.period')} · ${t('deviceParams.firmware.status')}`,
            key: 'period',
            render: (_, row) => (
              <span className="device-params__stack">
                <span>{row.validFrom ? `${at(row.validFrom)} – ${at(row.validTo)}` : t('deviceParams.firmware.indefinite')}</span>
                <span>
                  <Tag color={FIRMWARE_STATUS_COLOURS[row.status]}>{t(FIRMWARE_STATUS_KEYS[row.status])}</Tag>
                </span>
              </span>
            ),
          },
          {
            title: t('deviceParams.firmware.uploaded'),
            key: 'uploaded',
            render: (_, row) => (
              <span className="device-params__stack">
                <span>{at(row.uploadedAt)}</span>
                <span className="device-params__hint">{row.uploadedBy}</span>
              </span>
            ),
          },
          { title: t('deviceParams.firmware.lastIssued'), key: 'lastIssued', render: (_, row) => at(row.lastIssuedAt) },
          { title: t('deviceParams.firmware.counts'), key: 'counts', render: (_, row) => t('deviceParams.firmware.countsValue', { issuing: row.issuing, succeeded: row.succeeded, failed: row.failed }) },
          {
            title: t('list.column.actions'),
            key: 'actions',
            render: (_, row) => (
              <span className="device-params__row-actions">
                <Button size="small" icon={<SendOutlined />} disabled={row.status !== 'authorised'} onClick={() => setIssuing(row)} data-testid={`firmware-issue-${row.version}`}>
                  {t('deviceParams.firmware.issue')}
                </Button>
                <Popconfirm title={t('list.delete.confirm', { name: row.fileName })} okText={t('list.action.delete')} cancelText={t('common.action.cancel')} onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}>
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('list.action.delete')} />
                </Popconfirm>
              </span>
            ),
          },
        ]}
      />
      <CommandHistory kind="firmware" showStation canCancel={canIssue || device.canManage} testId="history-upgrade" />
      <FirmwareUploadModal open={uploading} onClose={() => setUploading(false)} />
      <FirmwareIssueModal firmware={issuing} options={options} defaultStationId={device.takesCommands ? device.station.id : undefined} onClose={() => setIssuing(null)} />
    </div>
  );
}
