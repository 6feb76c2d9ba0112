import { MobilePage } from '../../../components/mobile/mobile-page';
import { AlarmPhoneList } from '../components/alarm-phone-list';
import '../mobile-reports.css';

/** alarm_report_phone: the level alarms of alarm_report, as cards. */
export function Page() {
  return (
    <MobilePage testId="alarm-report-phone">
      <AlarmPhoneList kind="level" />
    </MobilePage>
  );
}
