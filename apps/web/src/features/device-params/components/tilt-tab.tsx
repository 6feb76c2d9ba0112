import { useState } from 'react';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import SendOutlined from '@ant-design/icons/es/icons/SendOutlined';
import { useTranslation } from 'react-i18next';
import type { DeviceOverview, DeviceTank } from '@ullage/contracts/device-commands';
import { PROBE_OFFSET_MAX_MM, TILT_MAX_DEG, tiltProblems } from '@ullage/domain/device-commands';
import { correctedHeight } from '@ullage/domain/inventory';
import { useIssueCommand } from '../api/commands';
import { CommandHistory } from './command-history';
import { chosenTank, TankSelect } from './tank-select';

interface TabProps {
  device: DeviceOverview;
  canIssue: boolean;
}

/** Tank tilt: the tilt and the probe's distance from the middle, and the correction they make to a reading. */
export function TiltTab({ device, canIssue }: TabProps) {
  const { t } = useTranslation();
  const [tankId, setTankId] = useState<number | undefined>();
  const tank = chosenTank(device.tanks, tankId);
  return (
    <div className="device-params__tab" data-testid="tab-tilt">
      <TankSelect tanks={device.tanks} value={tank?.id} onChange={setTankId} testId="tilt-tank" />
      {tank ? <TiltForm key={tank.id} stationId={device.station.id} tank={tank} canIssue={canIssue} /> : <p>{t('deviceParams.tank.none')}</p>}
      <CommandHistory stationId={device.station.id} tankId={tank?.id} kind="tilt" canCancel={canIssue} testId="history-tilt" />
    </div>
  );
}

function TiltForm({ stationId, tank, canIssue }: { stationId: number; tank: DeviceTank; canIssue: boolean }) {
  const { t } = useTranslation();
  const [tiltDeg, setTilt] = useState<number>(tank.tiltDeg);
  const [probeOffsetMm, setOffset] = useState<number>(tank.probeOffsetMm);
  const issue = useIssueCommand('tilt');
  const problems = tiltProblems({ tiltDeg, probeOffsetMm });
  const problemOf = (field: string) => problems.find((p) => p.field === field);
  const message = (field: string) => {
    const p = problemOf(field);
    if (!p) return null;
    return <span className="device-params__problem">{p.rule === 'range' ? t('deviceParams.tilt.range', { min: p.params?.min ?? 0, max: p.params?.max ?? 0 }) : t('deviceParams.tilt.decimals', { count: p.params?.decimals ?? 0 })}</span>;
  };
  // What the correction does to a reading at half the tank's height (domain/inventory.ts).
  const probe = Math.round(tank.heightMm / 2);
  const level = problems.length === 0 ? correctedHeight(probe, 0, { heightMm: tank.heightMm, tiltDeg, probeOffsetMm }) : probe;
  return (
    <div className="device-params__form">
      <div className="device-params__grid">
        <label className="device-params__field">
          <span>{t('deviceParams.tilt.tiltDeg')}</span>
          <InputNumber value={tiltDeg} min={-TILT_MAX_DEG} max={TILT_MAX_DEG} step={0.1} suffix="°" status={problemOf('tiltDeg') ? 'error' : undefined} onChange={(v) => setTilt(typeof v === 'number' ? v : 0)} data-testid="tilt-deg" />
          {message('tiltDeg')}
        </label>
        <label className="device-params__field">
          <span>{t('deviceParams.tilt.probeOffsetMm')}</span>
          <InputNumber value={probeOffsetMm} min={-PROBE_OFFSET_MAX_MM} max={PROBE_OFFSET_MAX_MM} step={100} suffix="mm" status={problemOf('probeOffsetMm') ? 'error' : undefined} onChange={(v) => setOffset(typeof v === 'number' ? v : 0)} data-testid="tilt-offset" />
          {message('probeOffsetMm')}
        </label>
      </div>
      <p className="device-params__hint" data-testid="tilt-correction">
        {t('deviceParams.tilt.correction', { probe, level: Math.round(level * 10) / 10, correction: Math.round((level - probe) * 10) / 10 })}
      </p>
      <Button
        type="primary"
        icon={<SendOutlined />}
        disabled={!canIssue || problems.length > 0 || (tiltDeg === tank.tiltDeg && probeOffsetMm === tank.probeOffsetMm)}
        loading={issue.isPending}
        onClick={() => issue.mutateAsync({ stationId, tankId: tank.id, tiltDeg, probeOffsetMm }).catch(() => undefined)}
        data-testid="tilt-issue"
      >
        {t('deviceParams.issue')}
      </Button>
    </div>
  );
}
