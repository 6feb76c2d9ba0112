import Descriptions from 'antd/es/descriptions';
import { DataTable } from '../../../components/data-table/data-table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { DeviceOverview, DeviceTank } from '@ullage/contracts/device-commands';
import type { MessageKey } from '../../../i18n/message-key';
import { stationDateTime } from '../../../lib/station-time';
import { CommandHistory } from './command-history';

const DEVICE_TYPE_KEYS: Record<string, MessageKey> = {
  'ullage-collector': 'deviceParams.deviceType.ullageCollector',
  'veeder-root-tls': 'deviceParams.deviceType.veederRootTls',
};

interface TabProps {
  device: DeviceOverview;
  canIssue: boolean;
}

/** Base info: the device's identity, type, firmware, where it reports to, last contact; its tanks; every command it was sent. */
export function BaseInfoTab({ device, canIssue }: TabProps) {
  const { t } = useTranslation();
  const missing = t('common.placeholder.missing');
  const zone = device.station.timezone;
  const { station, contact } = device;
  const reportsTo = device.device.serverHost
    ? `${device.device.serverHost}${device.device.serverPort ? `:${device.device.serverPort}` : ''}`
    : station.serverIp
      ? t('deviceParams.base.configured', { address: station.serverIp })
      : missing;
  return (
    <div className="device-params__tab" data-testid="tab-base">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'code', label: t('deviceParams.base.code'), children: station.code },
          { key: 'name', label: t('deviceParams.base.name'), children: station.name },
          { key: 'type', label: t('deviceParams.base.deviceType'), children: station.deviceType ? t(DEVICE_TYPE_KEYS[station.deviceType] ?? 'deviceParams.deviceType.other', { type: station.deviceType }) : missing },
          { key: 'instrument', label: t('deviceParams.base.instrumentType'), children: station.instrumentType ?? missing },
          {
            key: 'firmware',
            label: t('deviceParams.base.firmware'),
            children: <span data-testid="base-firmware">{device.device.firmwareVersion ?? t('deviceParams.base.firmwareUnknown')}</span>,
          },
          { key: 'key', label: t('deviceParams.base.deviceKey'), children: station.hasDeviceKey ? t('deviceParams.base.keySet') : t('deviceParams.base.keyMissing') },
          { key: 'server', label: t('deviceParams.base.reportsTo'), children: reportsTo },
          { key: 'deviceAddress', label: t('deviceParams.base.deviceAddress'), children: station.deviceIp ? `${station.deviceIp}${station.devicePort ? `:${station.devicePort}` : ''}` : missing },
          {
            key: 'contact',
            label: t('deviceParams.base.lastContact'),
            children: (
              <span>
                {stationDateTime(contact.lastSeenAt, zone) ?? t('deviceParams.base.never')}{' '}
                <Tag color={contact.online ? 'green' : 'default'}>{contact.online ? t('deviceParams.base.online') : t('deviceParams.base.offline')}</Tag>
              </span>
            ),
          },
          { key: 'data', label: t('deviceParams.base.lastData'), children: stationDateTime(contact.lastDataAt, zone) ?? missing },
          { key: 'reported', label: t('deviceParams.base.selfReported'), children: stationDateTime(device.device.reportedAt, zone) ?? missing },
          { key: 'zone', label: t('deviceParams.base.timezone'), children: zone },
        ]}
      />
      <h3 className="device-params__subtitle">{t('deviceParams.base.tanks')}</h3>
      <DataTable<DeviceTank>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={device.tanks}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('deviceParams.column.tank'), dataIndex: 'code', key: 'code' },
          { title: t('deviceParams.base.product'), dataIndex: 'productName', key: 'product', render: (v: string | null) => v ?? missing },
          { title: t('deviceParams.base.heightMm'), dataIndex: 'heightMm', key: 'height' },
          { title: t('deviceParams.base.volumeL'), dataIndex: 'volumeL', key: 'volume' },
          { title: t('deviceParams.base.points'), key: 'points', render: (_, tank) => tank.strapping.length },
          { title: t('deviceParams.tilt.tiltDeg'), dataIndex: 'tiltDeg', key: 'tilt' },
        ]}
      />
      <CommandHistory stationId={station.id} canCancel={canIssue} testId="history-base" />
    </div>
  );
}
