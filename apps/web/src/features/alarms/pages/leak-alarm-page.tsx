import type { PageProps } from '../../../app/route-types';
import { AlarmQueryPage } from './alarm-query-page';

/** leak_alarm: leak and sensor alarms of the user's stations. */
export function Page({ route }: PageProps) {
  return <AlarmQueryPage kind="leak" titleKey={route.titleKey} />;
}
