import type { ComponentType } from 'react';
import type { MenuKey } from '@ullage/domain/menus';
import type { LocaleBundle } from '../i18n/locale-bundles';
import type { MessageKey } from '../i18n/message-key';

/** Side-menu groups of spec §2, in menu order. */
export type MenuGroupId = 'Analysis' | 'Data' | 'Alarm' | 'setting';

export interface MenuGroupDef {
  id: MenuGroupId;
  /** Opening the group's own path goes to its first permitted child. */
  path: string;
  titleKey: MessageKey;
}

/**
 * Where a route renders: inside the desktop shell (side menu, top bar, tags), inside the
 * mobile shell (top bar, bottom tabs), or alone (login, 404, big screen).
 */
export type RouteLayout = 'desktop' | 'mobile' | 'bare';

export interface PageProps {
  route: RouteDef;
}

/** Every page module exports `Page`; the route table loads it on demand. */
export interface PageModule {
  Page: ComponentType<PageProps>;
}

export interface RouteDef {
  /** The route name of spec §2. */
  name: string;
  path: string;
  titleKey: MessageKey;
  /** Shown in the menu only when the user's menu list holds this key; null: every signed-in user. */
  menuKey: MenuKey | null;
  group: MenuGroupId | null;
  /** Never in the side menu (detail pages, phone variants, pages outside the shell). */
  hidden: boolean;
  /** A phone route: a signed-out visitor is sent to /loginMobile, and it renders in the mobile shell. */
  mobile: boolean;
  /** The page stays mounted (hidden) while its tag is open, keeping filters and scroll. */
  keepAlive: boolean;
  layout: RouteLayout;
  /** Spec §2: access is decided by signed in or out only. */
  requiresSignIn: boolean;
  /** The route a mobile device is sent to instead (spec §2: mobile sessions get the _phone pages). */
  phoneVariant?: string;
  /** The locale bundles beyond core whose texts the page shows; `load` fetches them with it. */
  texts: readonly LocaleBundle[];
  load: () => Promise<PageModule>;
  /** The data the page asks first: fetched beside its code when the page is the address a signed-in visitor opens (boot). */
  prefetch?: () => Promise<unknown>;
}
