import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { MessageKey } from '../../i18n/message-key';
import { alarmNameKey } from '../../lib/alarm-names';
import { formatValue } from './change-lines';
import type { ValueKind } from './audit-fields';

const TEMP_UNITS: Record<string, MessageKey> = { 1: 'settingsOrg.unit.celsius', 2: 'settingsOrg.unit.fahrenheit' };
const VOLUME_UNITS: Record<string, MessageKey> = { 1: 'settingsOrg.unit.litres', 2: 'settingsOrg.unit.gallons' };
const ACCOUNT_TYPES: Record<string, MessageKey> = {
  0: 'settingsMore.accountType.0',
  1: 'settingsMore.accountType.1',
  2: 'settingsMore.accountType.2',
  3: 'settingsMore.accountType.3',
  4: 'settingsMore.accountType.4',
};
const PRODUCT_TYPES: Record<string, MessageKey> = { gasoline: 'settingsMore.productType.gasoline', diesel: 'settingsMore.productType.diesel' };
const DEVICE_TYPES: Record<string, MessageKey> = { 'ullage-collector': 'settingsMore.deviceType.ullageCollector', 'veeder-root-tls': 'settingsMore.deviceType.veederRootTls' };

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A value the way its form shows it, in the user's language; empty as the forms' "--". */
export function auditValue(t: TFunction, kind: ValueKind, value: unknown): ReactNode {
  const missing = t('common.placeholder.missing');
  if (isEmpty(value)) return missing;
  const named = (keys: Record<string, MessageKey>) => (Object.hasOwn(keys, String(value)) ? t(keys[String(value)]!) : formatValue(value, missing));
  switch (kind) {
    case 'color':
      return (
        <span className="settings-audit__color">
          <span className="settings-audit__swatch" style={{ background: String(value) }} aria-hidden="true" />
          <bdi dir="ltr">{String(value)}</bdi>
        </span>
      );
    case 'list':
      return Array.isArray(value) ? value.map((v) => formatValue(v, missing)).join(', ') : value === 'changed' ? t('settingsAudit.value.changed') : formatValue(value, missing);
    case 'tankTypes':
      return Array.isArray(value) ? value.map((v) => formatValue((v as { code?: unknown })?.code ?? v, missing)).join(', ') : formatValue(value, missing);
    case 'tempUnit':
      return named(TEMP_UNITS);
    case 'volumeUnit':
      return named(VOLUME_UNITS);
    case 'accountType':
      return named(ACCOUNT_TYPES);
    case 'productType':
      return named(PRODUCT_TYPES);
    case 'deviceType':
      return named(DEVICE_TYPES);
    case 'image':
      return t('settingsAudit.value.image');
    case 'changed':
      return t('settingsAudit.value.set');
    case 'status':
      return t(value === true ? 'settingsOrg.status.disabled' : 'settingsOrg.status.enabled');
    case 'yesNo':
      return t(value === true ? 'settingsAudit.value.yes' : 'settingsAudit.value.no');
    case 'alarms':
      // `type:code`, 1 level and 2 leak, as the notice dialog lists them.
      return Array.isArray(value)
        ? value
            .map((entry) => {
              const [type, code] = String(entry).split(':');
              const key = alarmNameKey(type === '2' ? 'leak' : 'level', Number(code));
              return key ? t(key) : String(entry);
            })
            .join(', ')
        : formatValue(value, missing);
    default:
      return formatValue(value, missing);
  }
}
