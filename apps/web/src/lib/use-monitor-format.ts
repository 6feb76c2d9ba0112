import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeLanguage } from '../i18n/i18n';
import { HTML_LANG } from '../i18n/language-names';
import { makeMonitorFormat, type MonitorFormat } from './format';

/** The formatter for the page's language, with the app's missing-value placeholder. */
export function useMonitorFormat(): MonitorFormat {
  const { t } = useTranslation();
  const missing = t('common.placeholder.missing');
  return useMemo(() => makeMonitorFormat(HTML_LANG[activeLanguage()], missing), [missing]);
}

/** The current time, renewed every `intervalMs` (relative times, the big screen's clock). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
