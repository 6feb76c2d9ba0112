import { useState } from 'react';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import SendOutlined from '@ant-design/icons/es/icons/SendOutlined';
import { useTranslation } from 'react-i18next';
import type { DeviceOverview, DeviceTank } from '@ullage/contracts/device-commands';
import { thresholdProblems } from '@ullage/domain/tank-rules';
import type { MessageKey } from '../../../i18n/message-key';
import { useIssueCommand } from '../api/commands';
import { CommandHistory } from './command-history';
import { chosenTank, TankSelect } from './tank-select';

const FIELDS = ['highOilAlarmMm', 'highOilWarnMm', 'lowOilWarnMm', 'lowOilAlarmMm', 'highWaterAlarmMm'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, number | null>;

const LABELS: Record<Field, MessageKey> = {
  highOilAlarmMm: 'deviceParams.threshold.highOilAlarmMm',
  highOilWarnMm: 'deviceParams.threshold.highOilWarnMm',
  lowOilWarnMm: 'deviceParams.threshold.lowOilWarnMm',
  lowOilAlarmMm: 'deviceParams.threshold.lowOilAlarmMm',
  highWaterAlarmMm: 'deviceParams.threshold.highWaterAlarmMm',
};
const RULES: Record<string, MessageKey> = { thresholdOrder: 'deviceParams.threshold.order', withinHeight: 'deviceParams.threshold.withinHeight' };

interface TabProps {
  device: DeviceOverview;
  canIssue: boolean;
}

/** Alarm setup: a tank's five thresholds, checked for order and range, issued to the device; stored once it acknowledges. */
export function AlarmSetupTab({ device, canIssue }: TabProps) {
  const { t } = useTranslation();
  const [tankId, setTankId] = useState<number | undefined>();
  const tank = chosenTank(device.tanks, tankId);
  return (
    <div className="device-params__tab" data-testid="tab-alarm">
      <TankSelect tanks={device.tanks} value={tank?.id} onChange={setTankId} testId="alarm-tank" />
      {tank ? <ThresholdForm key={tank.id} stationId={device.station.id} tank={tank} canIssue={canIssue} /> : <p>{t('deviceParams.tank.none')}</p>}
      <CommandHistory stationId={device.station.id} tankId={tank?.id} kind="thresholds" canCancel={canIssue} testId="history-alarm" />
    </div>
  );
}

function ThresholdForm({ stationId, tank, canIssue }: { stationId: number; tank: DeviceTank; canIssue: boolean }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => Object.fromEntries(FIELDS.map((f) => [f, tank[f]])) as Values);
  const issue = useIssueCommand('thresholds');
  const problems = thresholdProblems({ ...values, heightMm: tank.heightMm, volumeL: tank.volumeL });
  const problemOf = (field: Field) => problems.find((p) => p.field === field);
  const changed = FIELDS.some((f) => values[f] !== tank[f]);
  return (
    <div className="device-params__form">
      <p className="device-params__hint">{t('deviceParams.threshold.hint', { height: tank.heightMm })}</p>
      <div className="device-params__grid">
        {FIELDS.map((field) => {
          const problem = problemOf(field);
          return (
            <label key={field} className="device-params__field">
              <span>{t(LABELS[field])}</span>
              <InputNumber
                value={values[field]}
                min={0}
                max={100_000}
                step={10}
                suffix="mm"
                status={problem ? 'error' : undefined}
                placeholder={t('deviceParams.off')}
                onChange={(next) => setValues((current) => ({ ...current, [field]: typeof next === 'number' ? next : null }))}
                aria-invalid={problem ? true : undefined}
                data-testid={`threshold-${field}`}
              />
              {problem ? <span className="device-params__problem">{t(RULES[problem.rule] ?? 'deviceParams.threshold.order')}</span> : null}
            </label>
          );
        })}
      </div>
      <Button
        type="primary"
        icon={<SendOutlined />}
        disabled={!canIssue || problems.length > 0 || !changed}
        loading={issue.isPending}
        onClick={() => issue.mutateAsync({ stationId, tankId: tank.id, ...values }).catch(() => undefined)}
        data-testid="threshold-issue"
      >
        {t('deviceParams.issue')}
      </Button>
    </div>
  );
}
