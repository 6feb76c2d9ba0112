import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DemoHistoryBanner } from '../components/demo-history-banner';
import { NavigationProgress } from '../components/navigation-progress';
import { useLoginConfig } from '../features/auth/api/login-config';
import { pulseProgress } from '../lib/progress-store';
import { useRouteDef } from './use-route-def';

/** Product name shown until the server's login title is known. */
const FALLBACK_TITLE = 'Ullage';

/** The root route: the progress bar, the document title and the demo history's banner, around every page. */
export function RootShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const def = useRouteDef();
  const { data: config } = useLoginConfig();
  const siteTitle = config?.loginTitle || FALLBACK_TITLE;

  useEffect(() => {
    pulseProgress();
  }, [location.pathname]);

  // Spec §2: the page title comes from the login title text, led by the page's own title.
  useEffect(() => {
    const isLogin = def?.name === 'login' || def?.name === 'loginMobile';
    document.title = def && !isLogin ? `${t(def.titleKey)} - ${siteTitle}` : siteTitle;
  }, [def, siteTitle, t]);

  return (
    <>
      <NavigationProgress />
      <Outlet />
      <DemoHistoryBanner />
    </>
  );
}
