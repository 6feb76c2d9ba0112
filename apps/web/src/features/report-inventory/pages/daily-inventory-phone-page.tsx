import { MobilePage } from '../../../components/mobile/mobile-page';
import { DailyPhoneList } from '../phone/daily-phone-list';
import '../../../components/phone-report/phone-report.css';

/** abnormal_can_phone: the station days of abnormal_can, as cards. */
export function Page() {
  return (
    <MobilePage testId="abnormal-can-phone">
      <DailyPhoneList />
    </MobilePage>
  );
}
