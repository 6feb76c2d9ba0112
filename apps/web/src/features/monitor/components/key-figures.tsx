import type { MonitorOverview } from '@ullage/contracts/monitor';
import { useTranslation } from 'react-i18next';
import type { MonitorFormat } from '../../../lib/format';

export interface Figure {
  id: string;
  label: string;
  value: string;
  /** A second line under the value (a capacity, a volume). */
  note?: string;
  tone?: 'online' | 'offline' | 'alarm' | 'neutral';
  /** Takes a whole row (long values such as volumes), with an optional second figure at its end. */
  wide?: boolean;
  aside?: { label: string; value: string };
}

/** A row of large numbers with their labels. */
export function FigureTiles({ figures }: { figures: readonly Figure[] }) {
  return (
    <ul className="monitor-figures">
      {figures.map((figure) => (
        <li
          key={figure.id}
          className={`monitor-figure monitor-figure--${figure.tone ?? 'neutral'}${figure.wide ? ' monitor-figure--wide' : ''}`}
          data-testid={`figure-${figure.id}`}
        >
          <span className="monitor-figure__main">
            <span className="monitor-figure__label">{figure.label}</span>
            <span className="monitor-figure__value">{figure.value}</span>
            {figure.note ? <span className="monitor-figure__note">{figure.note}</span> : null}
          </span>
          {figure.aside ? (
            <span className="monitor-figure__main monitor-figure__aside" data-testid={`figure-${figure.id}-aside`}>
              <span className="monitor-figure__label">{figure.aside.label}</span>
              <span className="monitor-figure__value">{figure.aside.value}</span>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Stations in scope, online, offline and in alarm. */
export function useStationFigures(counts: MonitorOverview['counts'], format: MonitorFormat): Figure[] {
  const { t } = useTranslation();
  return [
    { id: 'total', label: t('monitor.figure.total'), value: format.count(counts.total) },
    { id: 'online', label: t('monitor.figure.online'), value: format.count(counts.online), tone: 'online' },
    { id: 'offline', label: t('monitor.figure.offline'), value: format.count(counts.offline), tone: 'offline' },
    { id: 'alarm', label: t('monitor.figure.alarm'), value: format.count(counts.alarm), tone: 'alarm' },
  ];
}
