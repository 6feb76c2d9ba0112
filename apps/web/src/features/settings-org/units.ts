import type { MessageKey } from '../../i18n/message-key';

/** Company units of spec §9: 1 °C / 2 °F; 1 litres / 2 US gallons. */
export const TEMP_UNITS = [1, 2] as const;
export const VOLUME_UNITS = [1, 2] as const;

const TEMP_UNIT_KEYS: Record<number, MessageKey> = { 1: 'settingsOrg.unit.celsius', 2: 'settingsOrg.unit.fahrenheit' };
const VOLUME_UNIT_KEYS: Record<number, MessageKey> = { 1: 'settingsOrg.unit.litres', 2: 'settingsOrg.unit.gallons' };

/** The message key of a temperature unit; null for a value the spec does not know. */
export function tempUnitKey(unit: number): MessageKey | null {
  return TEMP_UNIT_KEYS[unit] ?? null;
}

export function volumeUnitKey(unit: number): MessageKey | null {
  return VOLUME_UNIT_KEYS[unit] ?? null;
}
