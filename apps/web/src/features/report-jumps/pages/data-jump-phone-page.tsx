import { MobilePage } from '../../../components/mobile/mobile-page';
import { JumpPhoneList } from '../phone/jump-phone-list';
import '../../../components/phone-report/phone-report.css';

/** alarm_record_phone: the data jumps of alarm_record, as cards. */
export function Page() {
  return (
    <MobilePage testId="alarm-record-phone">
      <JumpPhoneList />
    </MobilePage>
  );
}
