import { activeLanguage } from '../../i18n/i18n';
import { manualHref } from './manual-address';

/** The manual in a new tab, in the language the app is shown in, at a section if given. */
export function openManual(sectionId?: string): void {
  window.open(manualHref(activeLanguage(), sectionId), '_blank', 'noopener');
}
