import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusPanel } from '../../../components/status-panel';
import { MOBILE_HOME_PATH } from '../../../app/access';
import { routeByPath } from '../../../app/routes';
import { MobilePage } from '../../../components/mobile/mobile-page';

/**
 * /largerScreen?from=/company: where a phone lands from a desktop page that has no phone
 * counterpart (app/phone-counterparts.ts). It names the page and leads back to the phone's home.
 */
export function Page() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const from = new URLSearchParams(useLocation().search).get('from') ?? '';
  const wanted = routeByPath(from.split('?')[0] ?? '');
  const text = wanted ? t('mobile.largerScreen.text', { page: t(wanted.titleKey) }) : t('mobile.largerScreen.textAny');
  return (
    <MobilePage testId="mobile-larger-screen">
      <div className="m-card">
        <StatusPanel
          title={t('mobile.largerScreen.title')}
          text={text}
          actionLabel={t('mobile.largerScreen.back')}
          onAction={() => void navigate(MOBILE_HOME_PATH)}
        />
      </div>
    </MobilePage>
  );
}
