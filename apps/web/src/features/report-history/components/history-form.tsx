import { useMemo } from 'react';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Select from 'antd/es/select';
import ClockCircleOutlined from '@ant-design/icons/es/icons/ClockCircleOutlined';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { stationsUnder } from '../../../components/report-filters/org-scope';
import { useOrgTree } from '../../../lib/org-tree';
import { TankSelect } from '../../../components/report-filters/tank-select';
import { withStation, type FormCheck, type HistoryForm } from '../history-form-state';
import { LazyDatePicker } from '../../../components/lazy-picker/lazy-picker';

interface HistoryFormBarProps {
  form: HistoryForm;
  onChange: (form: HistoryForm) => void;
  /** The last check, shown under the fields once the user has asked. */
  check: FormCheck | null;
  onSubmit: () => void;
  loading: boolean;
}

const DAY = 86_400_000;

/** Station, tank and time range (spec §5: at most 11 days, start before end, station and tank required). */
export function HistoryFormBar({ form, onChange, check, onSubmit, loading }: HistoryFormBarProps) {
  const { t } = useTranslation();
  const tree = useOrgTree();
  const stations = useMemo(() => stationsUnder(tree.data ?? [], undefined), [tree.data]);
  const from = form.from ? dayjs(form.from) : null;
  const to = form.to ? dayjs(form.to) : null;
  // Two pickers rather than a range picker: a range picker reorders its ends, and the user is
  // told "Start time must be before end time" instead of having the ends silently swapped.
  const presets = [
    { key: '1', label: t('history.form.last24h') },
    ...[3, 7, 11].map((days) => ({ key: String(days), label: t('history.form.lastDays', { count: days }) })),
  ];
  const choosePreset = (days: string) => {
    const end = Math.ceil(Date.now() / 60_000) * 60_000;
    onChange({ ...form, from: new Date(end - Number(days) * DAY).toISOString(), to: new Date(end).toISOString() });
  };
  // The fields are marked here; the messages are listed under the toolbar (HistoryProblems).
  const tankProblem = check?.tankProblem ?? null;
  const rangeProblem = check?.rangeProblem ?? null;
  const rangeEnd = { className: 'history-range__end', showTime: { format: 'HH:mm' }, format: 'YYYY-MM-DD HH:mm', needConfirm: false, status: rangeProblem ? ('error' as const) : undefined };

  return (
    // A plain form: antd's Form (about 17 KB gzip) would only lay out four fields and mark two.
    <form
      className="history-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      data-testid="history-form"
    >
      <Select
        status={tankProblem && form.stationId === undefined ? 'error' : undefined}
        className="report-filter report-filter--wide"
        value={form.stationId}
        onChange={(value: number | undefined) => onChange(withStation(form, value))}
        options={stations.map((s) => ({ value: s.id, label: s.code ? `${s.name} (${s.code})` : s.name }))}
        placeholder={t('history.form.station')}
        aria-label={t('history.form.station')}
        showSearch={{ optionFilterProp: 'label' }}
        loading={tree.isLoading}
        allowClear
        popupMatchSelectWidth={false}
        data-testid="history-station"
      />
      <TankSelect
        stationId={form.stationId}
        value={form.tankId}
        onChange={(tankId) => onChange({ ...form, tankId })}
        texts={{ tank: t('history.form.tank'), pickStation: t('history.form.tankPickStation') }}
        status={tankProblem ? 'error' : undefined}
        testId="history-tank"
      />
      <span className="history-range" role="group" aria-label={t('history.form.range')}>
        <LazyDatePicker
          {...rangeEnd}
          value={from}
          onChange={(value: Dayjs | null) => onChange({ ...form, from: value?.toISOString() })}
          placeholder={t('history.form.from')}
          aria-label={t('history.form.from')}
          data-testid="history-from"
        />
        <span className="history-range__to" aria-hidden>
          →
        </span>
        <LazyDatePicker
          {...rangeEnd}
          value={to}
          onChange={(value: Dayjs | null) => onChange({ ...form, to: value?.toISOString() })}
          placeholder={t('history.form.to')}
          aria-label={t('history.form.to')}
          data-testid="history-to"
        />
        <Dropdown menu={{ items: presets.map((p) => ({ key: p.key, label: p.label })), onClick: ({ key }) => choosePreset(key) }} trigger={['click']}>
          <Button icon={<ClockCircleOutlined />} aria-label={t('history.form.presets')} data-testid="history-presets" />
        </Dropdown>
      </span>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading} data-testid="history-submit">
        {t('history.form.submit')}
      </Button>
    </form>
  );
}

/** The spec §8 sentences of what is wrong with the question, under the toolbar, read out when they appear. */
export function HistoryProblems({ check }: { check: FormCheck | null }) {
  const { t } = useTranslation();
  if (!check || (!check.tankProblem && !check.rangeProblem)) return null;
  return (
    <ul className="history-problems" role="alert" data-testid="history-problems">
      {check.tankProblem ? <li data-testid="history-tank-problem">{t(check.tankProblem)}</li> : null}
      {check.rangeProblem ? <li data-testid="history-range-problem">{t(check.rangeProblem)}</li> : null}
    </ul>
  );
}
