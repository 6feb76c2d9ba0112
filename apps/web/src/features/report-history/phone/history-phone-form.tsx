import { useMemo } from 'react';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { useTranslation } from 'react-i18next';
import { stationsUnder } from '../../../components/report-filters/org-scope';
import { useStationTanks } from '../../../lib/station-tanks';
import { withStation, type FormCheck, type HistoryForm } from '../history-form-state';
import { useOrgTree } from '../../../lib/org-tree';
import { HISTORY_PRESET_DAYS, isoOfLocalInput, lastDays, localInputOf } from './history-inputs';

interface HistoryPhoneFormProps {
  form: HistoryForm;
  onChange: (form: HistoryForm) => void;
  /** The last check, shown once the user has asked. */
  check: FormCheck | null;
  onSubmit: () => void;
  loading: boolean;
}

/**
 * The desktop history form stacked for a phone: station, tank, start and end in the phone's
 * own date-and-time fields, the same quick ranges, and the spec §8 sentences of what is wrong
 * (at most 11 days, start before end, station and tank), checked before the server is asked.
 */
export function HistoryPhoneForm({ form, onChange, check, onSubmit, loading }: HistoryPhoneFormProps) {
  const { t } = useTranslation();
  const tree = useOrgTree();
  const stations = useMemo(() => stationsUnder(tree.data ?? [], undefined), [tree.data]);
  const tanks = useStationTanks(form.stationId);
  const tankProblem = check?.tankProblem ?? null;
  const rangeProblem = check?.rangeProblem ?? null;
  return (
    <form
      className="m-card m-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      data-testid="history-form"
    >
      <label className="m-field">
        <span>{t('history.form.station')}</span>
        <Select
          size="large"
          value={form.stationId}
          onChange={(value: number | undefined) => onChange(withStation(form, value))}
          options={stations.map((s) => ({ value: s.id, label: s.code ? `${s.name} (${s.code})` : s.name }))}
          placeholder={t('history.form.station')}
          showSearch={{ optionFilterProp: 'label' }}
          loading={tree.isLoading}
          allowClear
          status={tankProblem && form.stationId === undefined ? 'error' : undefined}
          data-testid="history-station"
        />
      </label>
      <label className="m-field">
        <span>{t('history.form.tank')}</span>
        <Select
          size="large"
          value={form.tankId}
          onChange={(value: number | undefined) => onChange({ ...form, tankId: value })}
          // Each label isolated by its own first letter: "1 · 92# Gasoline" stays in order on an Arabic page.
          options={(tanks.data ?? []).map((tank) => ({ value: tank.id, label: <span dir="auto">{tank.productName ? `${tank.code} · ${tank.productName}` : tank.code}</span> }))}
          placeholder={form.stationId === undefined ? t('history.form.tankPickStation') : t('history.form.tank')}
          disabled={form.stationId === undefined}
          loading={tanks.isLoading && form.stationId !== undefined}
          allowClear
          status={tankProblem ? 'error' : undefined}
          data-testid="history-tank"
        />
      </label>
      <fieldset className={`m-field m-field--stack${rangeProblem ? ' m-field--error' : ''}`}>
        <legend>{t('history.form.range')}</legend>
        <label className="m-field">
          <span>{t('history.form.from')}</span>
          <input type="datetime-local" value={localInputOf(form.from)} onChange={(e) => onChange({ ...form, from: isoOfLocalInput(e.target.value) })} data-testid="history-from" />
        </label>
        <label className="m-field">
          <span>{t('history.form.to')}</span>
          <input type="datetime-local" value={localInputOf(form.to)} onChange={(e) => onChange({ ...form, to: isoOfLocalInput(e.target.value) })} data-testid="history-to" />
        </label>
        <div className="m-chips" role="group" aria-label={t('history.form.presets')} data-testid="history-presets">
          {HISTORY_PRESET_DAYS.map((days) => (
            <button key={days} type="button" className="m-chip" onClick={() => onChange({ ...form, ...lastDays(days) })} data-days={days}>
              {days === 1 ? t('history.form.last24h') : t('history.form.lastDays', { count: days })}
            </button>
          ))}
        </div>
      </fieldset>
      {tankProblem || rangeProblem ? (
        <ul className="m-problems" role="alert" data-testid="history-problems">
          {tankProblem ? <li data-testid="history-tank-problem">{t(tankProblem)}</li> : null}
          {rangeProblem ? <li data-testid="history-range-problem">{t(rangeProblem)}</li> : null}
        </ul>
      ) : null}
      <Button type="primary" size="large" htmlType="submit" icon={<SearchOutlined />} loading={loading} block data-testid="history-submit">
        {t('history.form.submit')}
      </Button>
    </form>
  );
}
