import { MobilePage } from '../../../components/mobile/mobile-page';
import { JumpPhoneList } from '../components/jump-phone-list';
import '../mobile-reports.css';

/** alarm_record_phone: the data jumps of alarm_record, as cards. */
export function Page() {
  return (
    <MobilePage testId="alarm-record-phone">
      <JumpPhoneList />
    </MobilePage>
  );
}
