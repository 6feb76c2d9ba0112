import { MobilePage } from '../../../components/mobile/mobile-page';
import { AlarmPhoneList } from '../phone/alarm-phone-list';
import '../../../components/phone-report/phone-report.css';

/** leak_report_phone: the leak and sensor alarms of leak_alarm, as cards. */
export function Page() {
  return (
    <MobilePage testId="leak-report-phone">
      <AlarmPhoneList kind="leak" />
    </MobilePage>
  );
}
