import { Suspense } from 'react';
import type { RouteDef } from './route-types';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { loadLocaleBundles } from '../i18n/i18n';
import { uiLocaleReady } from '../i18n/ui-locale';
import { MenuGate, SessionGate, useShellAccess } from './guards';
import { lazyComponent, preloadPage } from './page-host';
import { routeByPath } from './routes';
import { useRouteDef } from './use-route-def';

// The shells are separate chunks: the login page never downloads them.
const loadDesktop = () => import('./layouts/desktop/desktop-layout');
// The mobile shell's own texts (tabs, offline banner) come with it.
const loadMobile = () => Promise.all([import('./layouts/mobile/mobile-layout'), loadLocaleBundles(['mobile'])]).then(([m]) => m);
const DesktopLayout = lazyComponent(() => loadDesktop().then((m) => m.DesktopLayout));
const MobileLayout = lazyComponent(() => loadMobile().then((m) => m.MobileLayout));

/**
 * Everything a shell needs, requested at once instead of one after the other (user info →
 * shell → antd texts → page). Idempotent: modules and the locale promise are cached.
 */
function preloadShell(layout: 'desktop' | 'mobile', def: RouteDef | undefined): void {
  const ignore = () => {};
  (layout === 'desktop' ? loadDesktop() : loadMobile()).catch(ignore);
  uiLocaleReady().catch(ignore);
  if (def) preloadPage(def);
}

/**
 * At boot, for a signed-in visitor: the shell, page and first data of the address, fetched while
 * the core texts load rather than after the first render (which waits for them). Only a page of the
 * session's own kind: a phone opening a desktop address is sent elsewhere.
 */
export function preloadAddress(pathname: string, mobileSession: boolean): void {
  const def = routeByPath(pathname);
  if (!def || def.layout === 'bare' || (def.layout === 'mobile') !== mobileSession) return;
  // Its first data first: asked before the shell's and page's scripts, it is not queued behind them.
  // The page asks again if this fails.
  def.prefetch?.().catch(() => {});
  preloadShell(def.layout, def);
}

/** The parent route of every page inside a shell: access first, then the user, then the shell. */
export function ShellGate({ layout }: { layout: 'desktop' | 'mobile' }) {
  const def = useRouteDef();
  const redirect = useShellAccess(def);
  if (redirect) return redirect;
  preloadShell(layout, def);
  const Layout = layout === 'desktop' ? DesktopLayout : MobileLayout;
  return (
    <SessionGate>
      <MenuGate def={def}>
        <PageErrorBoundary>
          <Suspense fallback={null}>
            <Layout />
          </Suspense>
        </PageErrorBoundary>
      </MenuGate>
    </SessionGate>
  );
}
