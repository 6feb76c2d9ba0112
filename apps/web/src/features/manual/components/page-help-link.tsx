import QuestionCircleOutlined from '@ant-design/icons/es/icons/QuestionCircleOutlined';
import { useTranslation } from 'react-i18next';
import { activeLanguage } from '../../../i18n/i18n';
import { manualHref } from '../manual-address';
import { manualSectionOf } from '../manual-sections';

/**
 * The `?` beside a page's title (desktop breadcrumb bar, phone header): the manual's section
 * for this page, in a new tab, in the app's language.
 */
export function PageHelpLink({ routeName, className }: { routeName: string | undefined; className?: string }) {
  const { t } = useTranslation();
  const section = manualSectionOf(routeName);
  return (
    <a
      href={manualHref(activeLanguage(), section)}
      target="_blank"
      rel="noopener"
      className={`page-help${className ? ` ${className}` : ''}`}
      aria-label={t('layout.help.page')}
      title={t('layout.help.page')}
      data-testid="page-help"
      data-section={section}
    >
      <QuestionCircleOutlined aria-hidden />
    </a>
  );
}
