import { Activity, useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Button from 'antd/es/button';
import MenuFoldOutlined from '@ant-design/icons/es/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/es/icons/MenuUnfoldOutlined';
import { useTranslation } from 'react-i18next';
import { AlarmToasts } from '../../../components/alarm-toasts';
import { AntdProvider } from '../../../components/antd-provider';
import { LanguagePicker } from '../../../components/language-picker';
import { UllageLogo } from '../../../components/ullage-logo';
import { useSessionUser } from '../../../lib/session-user';
import { leaveTo, logout } from '../../../features/auth/api/logout';
import { isMenuVisible, landingPath } from '../../menu';
import { RoutePage } from '../../page-host';
import { ROUTES, routeByName } from '../../routes';
import { useRouteDef } from '../../use-route-def';
import type { AccountDialog } from '../account-dialogs';
import { LazyAccountDialogs } from '../lazy-account-dialogs';
import { UserMenu } from '../user-menu';
import { usePasswordWarning } from '../use-password-warning';
import { BreadcrumbBar } from './breadcrumb-bar';
import { HeaderSettings } from './header-settings';
import { useSidebar } from './sidebar-state';
import { SideMenu } from './side-menu';
import { TagsView, type TagAction } from './tags-view';
import { closeOtherViews, closeView, refreshView, visitView, type VisitedView } from './visited-views';
import './desktop-layout.css';

/**
 * The desktop shell (spec §2): top bar, side menu, tag views and the pages. Pages flagged
 * keep-alive stay mounted, hidden by <Activity>, while their tag is open; the others
 * mount when shown and unmount when left.
 */
export function DesktopLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const current = useRouteDef();
  const { data: user } = useSessionUser();
  const { collapsed, toggle } = useSidebar();
  const [dialog, setDialog] = useState<AccountDialog>(null);
  const [views, setViews] = useState<readonly VisitedView[]>([]);
  const menuList = useMemo(() => user?.menuList ?? [], [user]);
  const landing = landingPath(ROUTES, menuList);
  const homeDef = routeByName('home');
  const homePath = homeDef && isMenuVisible(homeDef, menuList) ? homeDef.path : null;

  // Record each navigation while rendering, so a new keep-alive page shows in this very
  // frame. Keyed by the location's key: "close all" must not re-add the page still shown
  // until the navigation it starts has happened.
  const [visitedKey, setVisitedKey] = useState<string | null>(null);
  if (visitedKey !== location.key) {
    setVisitedKey(location.key);
    if (current?.layout === 'desktop') setViews(visitView(views, current, `${location.pathname}${location.search}`));
  }


  const openPasswordDialog = useCallback(() => setDialog('password'), []);
  usePasswordWarning(user, openPasswordDialog);

  const doLogout = useCallback(() => {
    void logout().then((result) => leaveTo(result, '/login', navigate));
  }, [navigate]);

  const onTagAction = (action: TagAction, name: string) => {
    if (action === 'refresh') {
      setViews((v) => refreshView(v, name));
      return;
    }
    if (action === 'closeAll') {
      setViews([]);
      navigate(landing);
      return;
    }
    if (action === 'closeOthers') {
      const target = views.find((view) => view.name === name);
      setViews((v) => closeOtherViews(v, name));
      if (target && name !== current?.name) navigate(target.fullPath);
      return;
    }
    const result = closeView(views, name, current?.name);
    setViews(result.views);
    if (result.navigateTo === 'landing') navigate(landing);
    else if (result.navigateTo) navigate(result.navigateTo);
  };

  if (!user) return null;
  const currentView = views.find((view) => view.name === current?.name);
  // A keep-alive page without a tag (its tag was just closed) renders like any other page.
  const renderDirectly = current !== undefined && (!current.keepAlive || !currentView);
  const logo = user.distributorLogo ? (
    <img className="desktop-shell__logo-image" src={user.distributorLogo} alt={t('layout.header.logo')} />
  ) : (
    <UllageLogo size={32} title={t('layout.header.logo')} />
  );

  return (
    <AntdProvider>
      <AlarmToasts />
      <div className={`desktop-shell${collapsed ? ' desktop-shell--collapsed' : ''}`}>
        <header className="desktop-shell__header">
          <div className="desktop-shell__brand">
            {logo}
            {collapsed ? null : <span className="desktop-shell__product">{t('layout.header.product')}</span>}
          </div>
          <Button
            type="text"
            className="desktop-shell__toggle"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggle}
            aria-label={collapsed ? t('layout.menu.expand') : t('layout.menu.collapse')}
            aria-expanded={!collapsed}
            data-testid="sidebar-toggle"
          />
          <BreadcrumbBar current={current} homePath={homePath} />
          <div className="desktop-shell__actions">
            <HeaderSettings />
            <LanguagePicker />
            <UserMenu user={user} onOpen={setDialog} onLogout={doLogout} />
          </div>
        </header>
        <div className="desktop-shell__body">
          <aside className="desktop-shell__sider">
            <SideMenu menuList={menuList} current={current} collapsed={collapsed} />
          </aside>
          <div className="desktop-shell__main">
            <TagsView views={views} activeName={current?.name} onAction={onTagAction} />
            <main className="desktop-shell__content">
              {views.map((view) => {
                const def = routeByName(view.name);
                if (!def?.keepAlive) return null;
                return (
                  <Activity key={`${view.name}:${view.nonce}`} mode={view.name === current?.name ? 'visible' : 'hidden'}>
                    <div className="desktop-shell__view">
                      <RoutePage def={def} />
                    </div>
                  </Activity>
                );
              })}
              {renderDirectly && current ? (
                <div className="desktop-shell__view" key={`${current.name}:${currentView?.nonce ?? 0}`}>
                  <RoutePage def={current} />
                </div>
              ) : null}
            </main>
          </div>
        </div>
        <LazyAccountDialogs user={user} open={dialog} onClose={() => setDialog(null)} onLogout={doLogout} />
      </div>
    </AntdProvider>
  );
}
