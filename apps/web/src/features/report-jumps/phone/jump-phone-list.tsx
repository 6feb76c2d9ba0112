import { useTranslation } from 'react-i18next';
import { PhoneReportList } from '../../../components/phone-report/phone-report-list';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { JUMP_REPORT } from '../jump-report';
import { JumpCard } from './jump-card';

/** alarm_record for a phone: the same endpoint and filters (organisation, area, tank, product, rule, range, search), each jump a card. */
export function JumpPhoneList() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  return (
    <PhoneReportList
      report={JUMP_REPORT}
      testId="jump-list"
      note={
        <details className="m-details m-details--note">
          <summary>{t('mobile.jumps.about')}</summary>
          <p className="m-note">{t('report.jumps.rulesNote')}</p>
        </details>
      }
      card={(row) => <JumpCard key={row.id} row={row} format={format} />}
    />
  );
}
