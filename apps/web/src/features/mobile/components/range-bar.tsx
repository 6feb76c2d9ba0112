import { useState } from 'react';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../i18n/message-key';
import { localDate, lastDateOf, presetOf, presetRange, rangeOfDates, RANGE_PRESETS, type Range, type RangePreset } from '../../../lib/day-range';

const PRESET_KEYS: Record<RangePreset, MessageKey> = {
  today: 'mobile.range.today',
  '7d': 'mobile.range.7d',
  '30d': 'mobile.range.30d',
};

interface RangeBarProps {
  value: Range;
  onChange: (range: Range) => void;
}

/**
 * Today, the last 7 or 30 days, or two dates: the deliveries counted on the page. Keyed by the
 * range, so a range the address brings (back, a crumb) starts the bar afresh from it.
 */
export function RangeBar({ value, onChange }: RangeBarProps) {
  return <RangeChoice key={`${value.from}|${value.to}`} value={value} onChange={onChange} />;
}

function RangeChoice({ value, onChange }: RangeBarProps) {
  const { t } = useTranslation();
  const now = new Date();
  const preset = presetOf(value, now);
  const [custom, setCustom] = useState(preset === null);
  const [first, setFirst] = useState(localDate(value.from));
  const [last, setLast] = useState(lastDateOf(value));
  const typed = rangeOfDates(first, last);

  return (
    <div className="m-range" data-testid="range-bar">
      <div className="m-chips" role="group" aria-label={t('mobile.range.label')}>
        {RANGE_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className={`m-chip${!custom && preset === p ? ' m-chip--on' : ''}`}
            aria-pressed={!custom && preset === p}
            onClick={() => {
              setCustom(false);
              onChange(presetRange(p, new Date()));
            }}
            data-range={p}
          >
            {t(PRESET_KEYS[p])}
          </button>
        ))}
        <button type="button" className={`m-chip${custom ? ' m-chip--on' : ''}`} aria-pressed={custom} onClick={() => setCustom(true)} data-range="custom">
          {t('mobile.range.custom')}
        </button>
      </div>
      {custom ? (
        <div className="m-range__dates">
          <label className="m-field">
            <span>{t('mobile.range.from')}</span>
            <input type="date" value={first} max={last || undefined} onChange={(e) => setFirst(e.target.value)} data-testid="range-from" />
          </label>
          <label className="m-field">
            <span>{t('mobile.range.to')}</span>
            <input type="date" value={last} min={first || undefined} onChange={(e) => setLast(e.target.value)} data-testid="range-to" />
          </label>
          <Button type="primary" size="large" disabled={!typed} onClick={() => typed && onChange(typed)} data-testid="range-apply">
            {t('mobile.range.apply')}
          </Button>
          {!typed ? <p className="m-range__hint">{t('mobile.range.invalid')}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
