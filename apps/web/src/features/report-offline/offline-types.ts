import type { TFunction } from 'i18next';
import type { OfflineType } from '@ullage/domain/offline-processing';

const TYPE_KEY = {
  shutdown: 'report.offline.type.shutdown',
  'atg-fault': 'report.offline.type.atgFault',
  human: 'report.offline.type.human',
  other: 'report.offline.type.other',
} as const satisfies Record<OfflineType, string>;

/** The four kinds of outage of spec §3, in the interface language. */
export function offlineTypeLabel(t: TFunction, type: OfflineType): string {
  return t(TYPE_KEY[type]);
}
