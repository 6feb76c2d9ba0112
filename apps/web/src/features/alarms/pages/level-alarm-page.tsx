import type { PageProps } from '../../../app/route-types';
import { AlarmQueryPage } from './alarm-query-page';

/** alarm_report: level alarms of the user's tanks. */
export function Page({ route }: PageProps) {
  return <AlarmQueryPage kind="level" titleKey={route.titleKey} />;
}
