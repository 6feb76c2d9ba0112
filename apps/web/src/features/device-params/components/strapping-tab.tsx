import { useRef, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import SendOutlined from '@ant-design/icons/es/icons/SendOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { useTranslation } from 'react-i18next';
import type { DeviceOverview, DeviceTank } from '@ullage/contracts/device-commands';
import { STRAPPING_MAX_POINTS, strappingTableProblems, type ImportRule } from '@ullage/domain/strapping-import';
import { problemsOf } from '../../../components/list-page/field-errors';
import type { MessageKey } from '../../../i18n/message-key';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/feedback';
import { useIssueCommand } from '../api/commands';
import { downloadStrappingTemplate, importStrapping } from '../api/strapping-files';
import { CommandHistory } from './command-history';
import { StrappingChart } from './strapping-chart';
import { chosenTank, TankSelect } from './tank-select';

interface TabProps {
  device: DeviceOverview;
  canIssue: boolean;
}

interface Row {
  key: number;
  heightMm: number | null;
  volumeL: number | null;
}

const RULE_KEYS: Record<ImportRule, MessageKey> = {
  missingColumn: 'deviceParams.strapping.rule.number',
  number: 'deviceParams.strapping.rule.number',
  negative: 'deviceParams.strapping.rule.negative',
  oneDecimal: 'deviceParams.strapping.rule.oneDecimal',
  strappingIncreasing: 'deviceParams.strapping.rule.increasing',
  strappingWithin: 'deviceParams.strapping.rule.within',
  tooFew: 'deviceParams.strapping.rule.tooFew',
  tooMany: 'deviceParams.strapping.rule.tooMany',
};

let nextKey = 1;
const rowsOf = (points: readonly { heightMm: number; volumeL: number }[]): Row[] => points.map((p) => ({ ...p, key: nextKey++ }));

/** Height-volume table: view, edit, chart; template download and import (every problem with its row); issued to the device. */
export function StrappingTab({ device, canIssue }: TabProps) {
  const { t } = useTranslation();
  const [tankId, setTankId] = useState<number | undefined>();
  const tank = chosenTank(device.tanks, tankId);
  return (
    <div className="device-params__tab" data-testid="tab-strapping">
      <TankSelect tanks={device.tanks} value={tank?.id} onChange={setTankId} testId="strapping-tank" />
      {tank ? <StrappingEditor key={tank.id} stationId={device.station.id} tank={tank} canIssue={canIssue} /> : <p>{t('deviceParams.tank.none')}</p>}
      <CommandHistory stationId={device.station.id} tankId={tank?.id} kind="strapping" canCancel={canIssue} testId="history-strapping" />
    </div>
  );
}

function StrappingEditor({ stationId, tank, canIssue }: { stationId: number; tank: DeviceTank; canIssue: boolean }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(tank.strapping));
  const [importProblems, setImportProblems] = useState<string[]>([]);
  const [importing, setImporting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const issue = useIssueCommand('strapping');

  const points = rows.map((r) => ({ heightMm: r.heightMm ?? Number.NaN, volumeL: r.volumeL ?? Number.NaN }));
  const problems = strappingTableProblems(points, tank);
  const problemOf = (index: number, column: 'heightMm' | 'volumeL') => problems.find((p) => p.index === index && p.column === column);
  const tableProblem = problems.find((p) => p.index === null);
  const valid = points.filter((p) => Number.isFinite(p.heightMm) && Number.isFinite(p.volumeL));
  const unchanged = JSON.stringify(valid) === JSON.stringify(tank.strapping);

  const edit = (index: number, column: 'heightMm' | 'volumeL', value: number | null) => setRows((current) => current.map((r, i) => (i === index ? { ...r, [column]: value } : r)));

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setImporting(true);
    try {
      const result = await importStrapping(tank.id, file);
      setRows(rowsOf(result.points));
      setImportProblems([]);
      toastSuccess(t('deviceParams.strapping.imported', { count: result.points.length }));
    } catch (error) {
      const fields = error instanceof ApiError ? problemsOf(error.envelope?.data) : [];
      setImportProblems(fields.length > 0 ? fields.map((f) => f.message) : [error instanceof Error ? error.message : String(error)]);
    } finally {
      setImporting(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const cell = (index: number, column: 'heightMm' | 'volumeL') => {
    const problem = problemOf(index, column);
    return (
      <div className="device-params__cell">
        <InputNumber
          value={rows[index]?.[column] ?? null}
          min={0}
          step={column === 'heightMm' ? 10 : 100}
          status={problem ? 'error' : undefined}
          onChange={(next) => edit(index, column, typeof next === 'number' ? next : null)}
          aria-label={`${t(column === 'heightMm' ? 'deviceParams.strapping.height' : 'deviceParams.strapping.volume')} ${index + 1}`}
          data-testid={`strapping-${column}-${index}`}
        />
        {problem ? <span className="device-params__problem">{t(RULE_KEYS[problem.rule])}</span> : null}
      </div>
    );
  };

  return (
    <div className="device-params__form">
      <div className="device-params__actions">
        <Button icon={<DownloadOutlined />} onClick={() => downloadStrappingTemplate(tank.id, `${t('deviceParams.strapping.templateName', { code: tank.code })}.xlsx`).catch(() => undefined)} data-testid="strapping-template">
          {t('deviceParams.strapping.template')}
        </Button>
        <Button icon={<UploadOutlined />} loading={importing} onClick={() => fileInput.current?.click()} data-testid="strapping-import">
          {t('deviceParams.strapping.import')}
        </Button>
        <input ref={fileInput} type="file" accept=".xlsx,.csv" hidden onChange={(e) => void onFile(e.target.files?.[0])} data-testid="strapping-file" />
        <Button icon={<UndoOutlined />} onClick={() => setRows(rowsOf(tank.strapping))} data-testid="strapping-reset">
          {t('deviceParams.strapping.reset')}
        </Button>
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={!canIssue || problems.length > 0 || unchanged}
          loading={issue.isPending}
          onClick={() => issue.mutateAsync({ stationId, tankId: tank.id, points: valid }).catch(() => undefined)}
          data-testid="strapping-issue"
        >
          {t('deviceParams.issue')}
        </Button>
      </div>
      <p className="device-params__hint">{t('deviceParams.strapping.hint', { height: tank.heightMm, volume: tank.volumeL })}</p>
      {importProblems.length > 0 ? (
        <Alert
          type="error"
          showIcon
          className="device-params__notice"
          title={t('deviceParams.strapping.importFailed', { count: importProblems.length })}
          description={
            <ul className="device-params__problems" data-testid="strapping-import-errors">
              {importProblems.map((text, i) => (
                <li key={i}>{text}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      {tableProblem ? <Alert type="warning" showIcon className="device-params__notice" title={t(RULE_KEYS[tableProblem.rule])} /> : null}
      <div className="device-params__strapping">
        <div className="device-params__points" data-testid="strapping-table">
          <div className="device-params__point device-params__point--head" aria-hidden="true">
            <span>#</span>
            <span>{t('deviceParams.strapping.height')}</span>
            <span>{t('deviceParams.strapping.volume')}</span>
            <span />
          </div>
          <div className="device-params__point-list">
            {rows.map((row, index) => (
              <div className="device-params__point" key={row.key}>
                <span className="device-params__index">{index + 1}</span>
                {cell(index, 'heightMm')}
                {cell(index, 'volumeL')}
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => setRows((current) => current.filter((_, i) => i !== index))} aria-label={t('deviceParams.strapping.remove', { n: index + 1 })} />
              </div>
            ))}
          </div>
          <Button type="dashed" block icon={<PlusOutlined />} disabled={rows.length >= STRAPPING_MAX_POINTS} onClick={() => setRows((current) => [...current, { key: nextKey++, heightMm: null, volumeL: null }])} data-testid="strapping-add">
            {t('deviceParams.strapping.add')}
          </Button>
        </div>
        <StrappingChart points={valid} tank={tank} />
      </div>
    </div>
  );
}
