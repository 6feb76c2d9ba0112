import { MobilePage } from '../../../components/mobile/mobile-page';
import { AlarmPhoneList } from '../phone/alarm-phone-list';
import '../../../components/phone-report/phone-report.css';

/** alarm_report_phone: the level alarms of alarm_report, as cards. */
export function Page() {
  return (
    <MobilePage testId="alarm-report-phone">
      <AlarmPhoneList kind="level" />
    </MobilePage>
  );
}
