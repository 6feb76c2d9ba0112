import { use, type ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import { isRightToLeft } from '@ullage/domain/languages';
import { activeLanguage } from '../i18n/i18n';
import { uiLocaleReady } from '../i18n/ui-locale';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import 'antd/dist/antd.css';

/**
 * The brand colour of the logo, so antd's primary buttons and links match it. zeroRuntime: the
 * components' styles come from antd's own stylesheet (above) instead of being made in the
 * browser as each component first renders — a third of the main thread of a cold home page.
 * The tokens still become CSS variables at run time, so the brand colour holds.
 */
const theme = { zeroRuntime: true, token: { colorPrimary: '#0f4c81', colorLink: '#0f4c81', borderRadius: 6 } };
/** The same without antd's animations, for a viewer who asked for less motion. */
const stillTheme = { token: { ...theme.token, motion: false } };

/**
 * antd's ConfigProvider: language, Arabic mirroring, theme (still, when the viewer prefers less motion). Every antd screen sits under one
 * (the shells, the stand-alone pages, the toasts); the login route has none, so antd stays
 * out of its download. Suspends until the locale is in, so it must sit inside <Suspense>.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const locale = use(uiLocaleReady());
  const language = activeLanguage();
  const still = usePrefersReducedMotion();
  return (
    <ConfigProvider locale={locale} direction={isRightToLeft(language) ? 'rtl' : 'ltr'} theme={still ? stillTheme : theme}>
      {children}
    </ConfigProvider>
  );
}
