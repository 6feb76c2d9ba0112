import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlarmPhoneList } from '../../alarms/phone/alarm-phone-list';
import { MobilePage } from '../../../components/mobile/mobile-page';
import '../../../components/phone-report/phone-report.css';

/** /alarmHistory: every level or leak alarm, paged and filtered as on the desktop alarm pages. */
export function Page() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  // The kind is in the address, so a reload or the back button keeps it.
  const kind = new URLSearchParams(location.search).get('kind') === 'leak' ? 'leak' : 'level';
  return (
    <MobilePage testId="mobile-alarm-history">
      <div className="m-segments" role="tablist" aria-label={t('mobile.alarm.kind')}>
        {(['level', 'leak'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={kind === k}
            className={`m-segment${kind === k ? ' m-segment--on' : ''}`}
            onClick={() => navigate(`/alarmHistory?kind=${k}`, { replace: true })}
            data-kind={k}
          >
            {t(k === 'level' ? 'monitor.alarm.kind.level' : 'monitor.alarm.kind.leak')}
          </button>
        ))}
      </div>
      <AlarmPhoneList key={kind} kind={kind} />
    </MobilePage>
  );
}
