import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import CarOutlined from '@ant-design/icons/es/icons/CarOutlined';
import DatabaseOutlined from '@ant-design/icons/es/icons/DatabaseOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import { useTranslation } from 'react-i18next';
import { AlarmToasts } from '../../../components/alarm-toasts';
import { AntdProvider } from '../../../components/antd-provider';
import { LanguagePicker } from '../../../components/language-picker';
import { UllageLogo } from '../../../components/ullage-logo';
import { useSessionUser } from '../../../lib/session-user';
import { PageHelpLink } from '../../../features/manual/components/page-help-link';
import { leaveTo, logout } from '../../../features/auth/api/logout';
import { MOBILE_LOGIN_PATH } from '../../access';
import { MOBILE_TABS, routeByName } from '../../routes';
import { useRouteDef } from '../../use-route-def';
import type { AccountDialog } from '../account-dialogs';
import { LazyAccountDialogs } from '../lazy-account-dialogs';
import { UserMenu } from '../user-menu';
import { usePasswordWarning } from '../use-password-warning';
import type { MobileShellContext } from './mobile-shell-context';
import { tabOf, upOf } from './mobile-sections';
import './mobile-layout.css';

const TAB_ICONS: Record<(typeof MOBILE_TABS)[number], ReactNode> = {
  realAlarm: <BellOutlined />,
  invertory: <DatabaseOutlined />,
  deliveryHistory: <CarOutlined />,
  setting: <SettingOutlined />,
};

/**
 * The phone shell: a top bar (back arrow below a tab's own page, title, language, account),
 * the page, and bottom tabs. Spec §2 "mobile sessions drop the last added route": phones keep
 * no tag views, only the browser's own history, which the back arrow follows.
 */
export function MobileLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const current = useRouteDef();
  const { data: user } = useSessionUser();
  const [dialog, setDialog] = useState<AccountDialog>(null);

  const openPasswordDialog = useCallback(() => setDialog('password'), []);
  usePasswordWarning(user, openPasswordDialog);
  const doLogout = useCallback(() => {
    void logout().then((result) => leaveTo(result, MOBILE_LOGIN_PATH, navigate));
  }, [navigate]);
  const context = useMemo<MobileShellContext>(() => ({ openDialog: setDialog, logout: doLogout }), [doLogout]);

  const activeTab = tabOf(current?.name);
  const up = upOf(current?.name, location.search);
  // An earlier page of this visit: back is the browser's back; otherwise one level up.
  const goBack = () => (location.key !== 'default' ? navigate(-1) : up && navigate(up, { replace: true }));

  if (!user) return null;
  return (
    <AntdProvider>
      {/* The live alarm page lists new alarms itself; a toast over it would say it twice. */}
      {current?.name === 'realAlarm' ? null : <AlarmToasts links={false} />}
      <div className="mobile-shell">
        <header className="mobile-shell__header">
          {up ? (
            <button type="button" className="mobile-shell__back" onClick={goBack} aria-label={t('mobile.nav.back')} data-testid="mobile-back">
              <ArrowLeftOutlined aria-hidden />
            </button>
          ) : (
            <UllageLogo size={28} />
          )}
          <h1 className="mobile-shell__title" data-testid="page-title">
            {current ? t(current.titleKey) : ''}
          </h1>
          <PageHelpLink routeName={current?.name} className="mobile-shell__help" />
          <LanguagePicker />
          <UserMenu user={user} onOpen={setDialog} onLogout={doLogout} compact />
        </header>
        <main className="mobile-shell__content">
          <Outlet context={context} />
        </main>
        <nav className="mobile-shell__tabs" aria-label={t('layout.mobile.tabs')} data-testid="mobile-tabs">
          {MOBILE_TABS.map((name) => {
            const def = routeByName(name);
            if (!def) return null;
            const active = activeTab === name;
            return (
              <NavLink
                key={name}
                to={def.path}
                className={`mobile-shell__tab${active ? ' active' : ''}`}
                aria-current={active ? 'page' : undefined}
                data-menu={name}
              >
                <span className="mobile-shell__tab-icon">{TAB_ICONS[name]}</span>
                <span className="mobile-shell__tab-label">{t(def.titleKey)}</span>
              </NavLink>
            );
          })}
        </nav>
        <LazyAccountDialogs user={user} open={dialog} onClose={() => setDialog(null)} onLogout={doLogout} />
      </div>
    </AntdProvider>
  );
}
