import { MobilePage } from '../../../components/mobile/mobile-page';
import { PowerPhoneList } from '../components/power-phone-list';
import '../mobile-reports.css';

/** open_close_report_phone: the power-offs of open_close_report, as cards with their tanks. */
export function Page() {
  return (
    <MobilePage testId="open-close-report-phone">
      <PowerPhoneList />
    </MobilePage>
  );
}
