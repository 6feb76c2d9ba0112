import { historyProblems, type HistoryProblem } from '@ullage/domain/history-range';
import type { MessageKey } from '../../i18n/message-key';

/** What the history form holds while the user fills it (undefined: not chosen yet). */
export interface HistoryForm {
  stationId: number | undefined;
  tankId: number | undefined;
  from: string | undefined;
  to: string | undefined;
}

/** A question the server may be asked: every part given and within spec §5. */
export interface HistoryAsk {
  stationId: number;
  tankId: number;
  from: string;
  to: string;
}

/** Where each problem shows on the form, and the spec §8 sentence it shows (web keys). */
export const PROBLEM_MESSAGE_KEYS: Record<HistoryProblem, MessageKey> = {
  stationAndTank: 'query.trend.stationAndTankRequired',
  rangeRequired: 'history.form.rangeRequired',
  startBeforeEnd: 'query.range.startBeforeEnd',
  maxDays: 'query.range.maxElevenDays',
};

export interface FormCheck {
  ask: HistoryAsk | null;
  /** The message key under the station and tank selects, if any. */
  tankProblem: MessageKey | null;
  /** The message key under the range picker, if any. */
  rangeProblem: MessageKey | null;
}

/** The form checked by the same rules the server applies (domain history-range.ts). */
export function checkHistoryForm(form: HistoryForm): FormCheck {
  const problems = historyProblems({
    stationId: form.stationId,
    tankId: form.tankId,
    fromMs: form.from ? Date.parse(form.from) : undefined,
    toMs: form.to ? Date.parse(form.to) : undefined,
  });
  const tank = problems.find((p) => p === 'stationAndTank');
  const range = problems.find((p) => p !== 'stationAndTank');
  return {
    ask: problems.length === 0 ? { stationId: form.stationId!, tankId: form.tankId!, from: form.from!, to: form.to! } : null,
    tankProblem: tank ? PROBLEM_MESSAGE_KEYS[tank] : null,
    rangeProblem: range ? PROBLEM_MESSAGE_KEYS[range] : null,
  };
}

/** The form the page opens with: the last 24 hours, whole minutes, nothing chosen yet. */
export function initialHistoryForm(now = Date.now()): HistoryForm {
  const end = Math.ceil(now / 60_000) * 60_000;
  return { stationId: undefined, tankId: undefined, from: new Date(end - 86_400_000).toISOString(), to: new Date(end).toISOString() };
}

/** A new station drops the tank chosen under the old one. */
export function withStation(form: HistoryForm, stationId: number | undefined): HistoryForm {
  return { ...form, stationId, tankId: stationId === form.stationId ? form.tankId : undefined };
}
