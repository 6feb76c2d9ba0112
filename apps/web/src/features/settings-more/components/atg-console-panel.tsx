import type { ReactNode } from 'react';
import Button from 'antd/es/button';
import { DataTable } from '../../../components/data-table/data-table';
import { SectionHead } from '../../../components/section-head';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { AtgStatus, AtgTestResult, AtgTestTank } from '@ullage/contracts/atg';
import type { MessageKey } from '../../../i18n/message-key';
import type { MonitorFormat } from '../../../lib/format';
import { useMonitorFormat, useNow } from '../../../lib/use-monitor-format';
import { useAtgStatus } from '../api/atg-status';
import { useCompanyUnits, type CompanyUnits } from '../api/company-units';
import { useTestAtg } from '../api/test-atg';

const FORMAT_KEYS: Record<NonNullable<AtgStatus['format']>, MessageKey> = {
  computer: 'settingsMore.atg.format.computer',
  display: 'settingsMore.atg.format.display',
};
const UNIT_KEYS: Record<NonNullable<AtgStatus['units']>, MessageKey> = {
  us: 'settingsMore.atg.units.us',
  metric: 'settingsMore.atg.units.metric',
  imperial: 'settingsMore.atg.units.imperial',
};
/** Spec §9: litres and °C unless the company says otherwise (also while its units load). */
const SI_UNITS: CompanyUnits = { tempUnit: 1, volumeUnit: 1 };

interface AtgConsolePanelProps {
  stationId: number;
  /** The station's company, whose units the tank figures are shown in. */
  companyId: number;
  /** The form holds device settings that are not saved yet: status and test still use the saved ones. */
  unsaved: boolean;
}

/**
 * The Veeder-Root TLS console of a saved station (issue 9): whether the server polls it and
 * how that goes, and a test that queries it once and shows what it answered. Loaded only for
 * that device type (the station drawer's chunk stays small).
 */
export function AtgConsolePanel({ stationId, companyId, unsaved }: AtgConsolePanelProps) {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const now = useNow(10_000);
  const status = useAtgStatus(stationId);
  const units = useCompanyUnits(companyId).data ?? SI_UNITS;
  const test = useTestAtg();
  const missing = t('common.placeholder.missing');
  const when = (iso: string | null | undefined) => (iso ? format.relative(iso, now) : t('settingsMore.atg.never'));

  return (
    <section className="more-atg" data-testid="atg-console" aria-labelledby="more-atg-title">
      <SectionHead title={t('settingsMore.atg.title')} titleId="more-atg-title">
        <Button onClick={() => test.mutate(stationId)} loading={test.isPending} data-testid="atg-test">
          {t('settingsMore.atg.test')}
        </Button>
      </SectionHead>
      {unsaved && <p className="more-form__hint">{t('settingsMore.atg.unsaved')}</p>}
      {status.error ? (
        <p className="more-atg__error" role="alert" data-testid="atg-status-error">
          {t('settingsMore.atg.statusFailed', { error: status.error.message })}
        </p>
      ) : !status.data ? (
        <p className="more-form__hint">{t('common.loading')}</p>
      ) : (
        <dl className="more-atg__facts" data-testid="atg-status">
          <Fact label={t('settingsMore.atg.status')}>
            <StatusTag status={status.data} />
          </Fact>
          <Fact label={t('settingsMore.atg.lastReply')}>
            <span title={status.data.lastReplyAt ? format.dateTime(status.data.lastReplyAt) : undefined}>{when(status.data.lastReplyAt)}</span>
          </Fact>
          <Fact label={t('settingsMore.atg.lastPoll')}>
            <span title={status.data.lastPollAt ? format.dateTime(status.data.lastPollAt) : undefined}>{when(status.data.lastPollAt)}</span>
          </Fact>
          <Fact label={t('settingsMore.atg.interval')}>{t('settingsMore.atg.everySeconds', { seconds: format.count(status.data.pollSeconds) })}</Fact>
          <Fact label={t('settingsMore.atg.formatLabel')}>{status.data.format ? t(FORMAT_KEYS[status.data.format]) : missing}</Fact>
          <Fact label={t('settingsMore.atg.unitsLabel')}>{status.data.units ? t(UNIT_KEYS[status.data.units]) : missing}</Fact>
          <ConsoleNote label={t('settingsMore.atg.warning')} text={status.data.warning} tone="warning" testId="atg-warning" />
          <ConsoleNote label={t('settingsMore.atg.lastError')} text={status.data.lastError} tone="error" testId="atg-last-error" />
        </dl>
      )}
      <div aria-live="polite">
        {test.error ? (
          <p className="more-atg__error" role="alert" data-testid="atg-test-error">
            {t('settingsMore.atg.testCallFailed', { error: test.error.message })}
          </p>
        ) : test.data && !test.isPending ? (
          <TestOutcome result={test.data} format={format} units={units} />
        ) : null}
      </div>
    </section>
  );
}

/** A sentence the console's last poll left (a warning, an error), on a line of its own; nothing when it left none. */
function ConsoleNote({ label, text, tone, testId }: { label: string; text: string | null | undefined; tone: 'warning' | 'error'; testId: string }) {
  return text ? (
    <Fact label={label} wide>
      <span className={`more-atg__${tone}`} data-testid={testId}>
        {text}
      </span>
    </Fact>
  ) : null;
}

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'more-atg__fact more-atg__fact--wide' : 'more-atg__fact'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function StatusTag({ status }: { status: AtgStatus }) {
  const { t } = useTranslation();
  if (!status.enabled) return <Tag data-testid="atg-state">{t('settingsMore.atg.notPolled')}</Tag>;
  if (status.standby) {
    return (
      <Tag color="processing" data-testid="atg-state">
        {t('settingsMore.atg.standby')}
      </Tag>
    );
  }
  return status.connected ? (
    <Tag color="success" data-testid="atg-state">
      {t('settingsMore.atg.connected')}
    </Tag>
  ) : (
    <Tag color="error" data-testid="atg-state">
      {t('settingsMore.atg.notConnected')}
    </Tag>
  );
}

function TestOutcome({ result, format, units }: { result: AtgTestResult; format: MonitorFormat; units: CompanyUnits }) {
  const { t } = useTranslation();
  const missing = t('common.placeholder.missing');
  const elapsed = format.count(Math.round(result.elapsedMs));
  if (!result.ok) {
    return (
      <p className="more-atg__error" data-testid="atg-test-failed">
        {t('settingsMore.atg.testFailed', { ms: elapsed, error: result.error ?? missing })}
      </p>
    );
  }
  const columns: ColumnsType<AtgTestTank> = [
    { key: 'tank', title: t('settingsMore.atg.column.tank'), dataIndex: 'tank' },
    { key: 'product', title: t('settingsMore.atg.column.product'), render: (_, row) => row.product ?? missing },
    { key: 'volume', title: t('settingsMore.atg.column.volume'), align: 'end', render: (_, row) => format.volume(row.volumeL, units.volumeUnit) },
    { key: 'productHeight', title: t('settingsMore.atg.column.productHeight'), align: 'end', render: (_, row) => format.height(row.productHeightMm) },
    { key: 'waterHeight', title: t('settingsMore.atg.column.waterHeight'), align: 'end', render: (_, row) => format.height(row.waterHeightMm) },
    { key: 'temperature', title: t('settingsMore.atg.column.temperature'), align: 'end', render: (_, row) => format.temperature(row.temperatureC, units.tempUnit) },
    {
      key: 'matched',
      title: t('settingsMore.atg.column.matched'),
      render: (_, row) => (row.matched ? t('settingsMore.atg.matched') : <Tag color="warning">{t('settingsMore.atg.unmatched')}</Tag>),
    },
  ];
  return (
    <div className="more-atg__result" data-testid="atg-test-result">
      <p className="more-atg__ok">{t('settingsMore.atg.testOk', { ms: elapsed })}</p>
      <dl className="more-atg__facts">
        <Fact label={t('settingsMore.atg.formatLabel')}>{result.format ? t(FORMAT_KEYS[result.format]) : missing}</Fact>
        <Fact label={t('settingsMore.atg.unitsLabel')}>{result.units ? t(UNIT_KEYS[result.units]) : missing}</Fact>
        <Fact label={t('settingsMore.atg.consoleTime')}>
          <bdi dir="ltr">{result.consoleTime ?? missing}</bdi>
        </Fact>
      </dl>
      <DataTable<AtgTestTank>
        size="small"
        rowKey="tank"
        columns={columns}
        dataSource={result.tanks}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('settingsMore.atg.noTanks') }}
        data-testid="atg-test-tanks"
      />
    </div>
  );
}
