import { useCallback, useEffect, useState } from 'react';
import { readCookie, writeCookie } from '../../../lib/cookies';

/** Spec §2: the sidebar's open or closed state lives in a cookie, `sidebarStatus` ('1' open, '0' closed). */
export const SIDEBAR_COOKIE = 'sidebarStatus';
/** Spec §9: below this width the sidebar is collapsed. */
export const SIDEBAR_BREAKPOINT_PX = 1024;

function isNarrow(): boolean {
  return window.innerWidth < SIDEBAR_BREAKPOINT_PX;
}

export function useSidebar(): { collapsed: boolean; toggle: () => void } {
  const [collapsed, setCollapsed] = useState(() => readCookie(SIDEBAR_COOKIE) === '0' || isNarrow());

  useEffect(() => {
    // Collapse when the window becomes narrow; do not reopen by itself when it widens,
    // the stored choice decides that on the next visit.
    let wasNarrow = isNarrow();
    const onResize = () => {
      const narrow = isNarrow();
      if (narrow && !wasNarrow) setCollapsed(true);
      wasNarrow = narrow;
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const toggle = useCallback(() => {
    const next = !collapsed;
    writeCookie(SIDEBAR_COOKIE, next ? '0' : '1');
    setCollapsed(next);
  }, [collapsed]);

  return { collapsed, toggle };
}
