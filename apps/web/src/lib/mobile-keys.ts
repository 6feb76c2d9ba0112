import { ALARMS_KEY } from './alarm-keys';

/** Every query of the phone pages lives under this key; alarm lists under the alarm pages' key, so processing an alarm anywhere refreshes them. */
export const MOBILE_KEY = ['mobile'] as const;

export const mobileKeys = {
  places: [...MOBILE_KEY, 'places'] as const,
  deliveryTotals: (query: Record<string, string | number>) => [...MOBILE_KEY, 'delivery-totals', query] as const,
  tankDeliveries: (query: Record<string, string | number>) => [...MOBILE_KEY, 'tank-deliveries', query] as const,
  delivery: (id: number, tankId: number, at: string) => [...MOBILE_KEY, 'delivery', id, tankId, at] as const,
  alarms: (query: Record<string, string | number>) => [...ALARMS_KEY, 'mobile', query] as const,
};
