import { MobilePage } from '../../../components/mobile/mobile-page';
import { MonthlyPhoneList } from '../phone/monthly-phone-list';
import '../../../components/phone-report/phone-report.css';

/** Monthly_phone: the tank months of Monthly, as cards. */
export function Page() {
  return (
    <MobilePage testId="monthly-phone">
      <MonthlyPhoneList />
    </MobilePage>
  );
}
