import type { AccountInput, ProductInput, StationInput } from '@ullage/contracts/settings-more';
import type { MessageKey } from '../../i18n/message-key';

/**
 * The contract's enumerations (settings-more.ts PRODUCT_TYPES, DEVICE_TYPES,
 * ACCOUNT_TYPE_CHOICES), restated here so a page does not pull zod into its chunk for three
 * arrays; `satisfies` keeps them in step with the contract's types.
 */
export const PRODUCT_TYPE_CHOICES = ['gasoline', 'diesel'] as const satisfies readonly ProductInput['type'][];
export const DEVICE_TYPE_CHOICES = ['ullage-collector', 'veeder-root-tls'] as const satisfies readonly StationInput['deviceType'][];
export const ACCOUNT_TYPE_CHOICES = [1, 2, 3, 4] as const satisfies readonly AccountInput['accountType'][];

export const PRODUCT_TYPE_KEYS: Record<ProductInput['type'], MessageKey> = {
  gasoline: 'settingsMore.productType.gasoline',
  diesel: 'settingsMore.productType.diesel',
};

export const DEVICE_TYPE_KEYS: Record<StationInput['deviceType'], MessageKey> = {
  'ullage-collector': 'settingsMore.deviceType.ullageCollector',
  'veeder-root-tls': 'settingsMore.deviceType.veederRootTls',
};

/** The label key of a device type the server sent; null for one this build does not know. */
export function deviceTypeKey(value: string | null | undefined): MessageKey | null {
  return value && value in DEVICE_TYPE_KEYS ? DEVICE_TYPE_KEYS[value as StationInput['deviceType']] : null;
}

export function productTypeKey(value: string | null | undefined): MessageKey | null {
  return value && value in PRODUCT_TYPE_KEYS ? PRODUCT_TYPE_KEYS[value as ProductInput['type']] : null;
}
