import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Descriptions from 'antd/es/descriptions';
import ClockCircleOutlined from '@ant-design/icons/es/icons/ClockCircleOutlined';
import SyncOutlined from '@ant-design/icons/es/icons/SyncOutlined';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DeviceOverview } from '@ullage/contracts/device-commands';
import { deviceClockNow } from '@ullage/domain/device-commands';
import { zonedTimeToUtc } from '@ullage/domain/zoned-time';
import { stationDateTime } from '../../../lib/station-time';
import { useIssueCommand } from '../api/commands';
import { CommandHistory } from './command-history';

interface TabProps {
  device: DeviceOverview;
  canIssue: boolean;
}

/** A wall time in the station's zone, for the picker (which shows wall times). */
const wallOf = (iso: string, zone: string) => dayjs(stationDateTime(iso, zone) ?? iso);

/**
 * Time setup: the device's clock as last measured (its reports' sending time against the
 * server's), set it to a time of the station's zone, or sync it to the server's time.
 */
export function ClockTab({ device, canIssue }: TabProps) {
  const { t } = useTranslation();
  const zone = device.station.timezone;
  // The server's clock, carried forward from the last answer.
  const offsetMs = Date.parse(device.serverTime) - Date.now();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const serverNow = new Date(now + offsetMs);
  const skew = device.contact.clockSkewSeconds;
  const deviceNow = deviceClockNow(serverNow, skew);
  const [picked, setPicked] = useState<Dayjs | null>(null);
  const issue = useIssueCommand('clock');
  const missing = t('common.placeholder.missing');

  const setClock = () => {
    if (!picked) return;
    const time = zonedTimeToUtc({ year: picked.year(), month: picked.month() + 1, day: picked.date(), hour: picked.hour(), minute: picked.minute(), second: picked.second() }, zone);
    issue.mutateAsync({ stationId: device.station.id, mode: 'set', time: time.toISOString() }).catch(() => undefined);
  };

  return (
    <div className="device-params__tab" data-testid="tab-time">
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'server', label: t('deviceParams.clock.server', { zone }), children: <span data-testid="clock-server">{stationDateTime(serverNow.toISOString(), zone)}</span> },
          { key: 'device', label: t('deviceParams.clock.device', { zone }), children: <span data-testid="clock-device">{deviceNow ? stationDateTime(deviceNow.toISOString(), zone) : t('deviceParams.clock.unknown')}</span> },
          { key: 'skew', label: t('deviceParams.clock.skew'), children: skew === null ? missing : t('deviceParams.clock.seconds', { seconds: skew }) },
          { key: 'measured', label: t('deviceParams.clock.measured'), children: stationDateTime(device.contact.lastSeenAt, zone) ?? missing },
        ]}
      />
      {device.contact.clockFlagged ? <Alert type="warning" showIcon className="device-params__notice" title={t('deviceParams.clock.flagged')} /> : null}
      <div className="device-params__actions">
        <Button type="primary" icon={<SyncOutlined />} disabled={!canIssue} loading={issue.isPending && issue.variables?.mode === 'sync'} onClick={() => issue.mutateAsync({ stationId: device.station.id, mode: 'sync' }).catch(() => undefined)} data-testid="clock-sync">
          {t('deviceParams.clock.sync')}
        </Button>
        <DatePicker showTime value={picked} onChange={setPicked} placeholder={t('deviceParams.clock.pick', { zone })} aria-label={t('deviceParams.clock.pick', { zone })} onOpenChange={(open) => open && !picked && setPicked(wallOf((deviceNow ?? serverNow).toISOString(), zone))} data-testid="clock-pick" />
        <Button icon={<ClockCircleOutlined />} disabled={!canIssue || !picked} loading={issue.isPending && issue.variables?.mode === 'set'} onClick={setClock} data-testid="clock-set">
          {t('deviceParams.clock.set')}
        </Button>
      </div>
      <p className="device-params__hint">{t('deviceParams.clock.hint')}</p>
      <CommandHistory stationId={device.station.id} kind="clock" canCancel={canIssue} testId="history-clock" />
    </div>
  );
}
