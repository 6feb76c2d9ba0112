import { MobilePage } from '../../../components/mobile/mobile-page';
import { AlarmPhoneList } from '../components/alarm-phone-list';
import '../mobile-reports.css';

/** leak_report_phone: the leak and sensor alarms of leak_alarm, as cards. */
export function Page() {
  return (
    <MobilePage testId="leak-report-phone">
      <AlarmPhoneList kind="leak" />
    </MobilePage>
  );
}
