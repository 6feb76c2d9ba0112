import { use, type ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import { isRightToLeft } from '@ullage/domain/languages';
import { activeLanguage } from '../i18n/i18n';
import { uiLocaleReady } from '../i18n/ui-locale';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import { antdTheme } from './antd-theme';
// The components' styles (zeroRuntime: antd-theme.ts).
import 'antd/dist/antd.css';

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
    <ConfigProvider locale={locale} direction={isRightToLeft(language) ? 'rtl' : 'ltr'} theme={antdTheme(still)}>
      {children}
    </ConfigProvider>
  );
}
