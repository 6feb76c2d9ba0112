import { MobilePage } from '../../../components/mobile/mobile-page';
import { DailyPhoneList } from '../components/daily-phone-list';
import '../mobile-reports.css';

/** abnormal_can_phone: the station days of abnormal_can, as cards. */
export function Page() {
  return (
    <MobilePage testId="abnormal-can-phone">
      <DailyPhoneList />
    </MobilePage>
  );
}
