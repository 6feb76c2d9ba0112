import { MobilePage } from '../../../components/mobile/mobile-page';
import { PowerPhoneList } from '../phone/power-phone-list';
import '../../../components/phone-report/phone-report.css';

/** open_close_report_phone: the power-offs of open_close_report, as cards with their tanks. */
export function Page() {
  return (
    <MobilePage testId="open-close-report-phone">
      <PowerPhoneList />
    </MobilePage>
  );
}
