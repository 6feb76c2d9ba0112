import { activeLanguage } from '../../i18n/i18n';
import { manualHref } from './manual-address';

/** The manual in a new tab, in the language the app is shown in (the user menu's item). */
export function openManual(): void {
  window.open(manualHref(activeLanguage()), '_blank', 'noopener');
}
