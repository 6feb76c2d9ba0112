import Empty from 'antd/es/empty';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../i18n/message-key';
import { AntdProvider } from './antd-provider';
import './route-placeholder-page.css';

interface RoutePlaceholderProps {
  route: { titleKey: MessageKey };
}

/**
 * A route whose page a later issue builds: its title and an empty state, nothing pretending
 * to work. It brings its own antd provider because /screenfull shows it outside the shells.
 */
export function Page({ route }: RoutePlaceholderProps) {
  const { t } = useTranslation();
  return (
    <AntdProvider>
      <section className="route-placeholder">
        <h1 className="route-placeholder__title" data-testid="page-title">
          {t(route.titleKey)}
        </h1>
        <Empty className="route-placeholder__empty" description={t('common.page.noContentYet')} />
      </section>
    </AntdProvider>
  );
}
