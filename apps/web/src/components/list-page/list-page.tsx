import type { ReactNode } from 'react';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import './list-page.css';

interface ListPageProps {
  title: string;
  /** Search box: placeholder and what happens on search (Enter, the button, or clearing). */
  search?: { placeholder: string; onSearch: (q: string) => void; testId?: string };
  /** Filter controls, shown after the search box. */
  filters?: ReactNode;
  /** Buttons at the end of the toolbar (create, export). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of a settings list: title, toolbar (search, filters, actions), then the table. */
export function ListPage({ title, search, filters, actions, children }: ListPageProps) {
  const { t } = useTranslation();
  return (
    <section className="list-page">
      <h1 className="list-page__title" data-testid="page-title">
        {title}
      </h1>
      <div className="list-page__toolbar" role="toolbar" aria-label={t('list.toolbar.label')}>
        <div className="list-page__filters">
          {search ? (
            <Input.Search
              className="list-page__search"
              placeholder={search.placeholder}
              aria-label={search.placeholder}
              allowClear
              maxLength={100}
              enterButton
              onSearch={(value) => search.onSearch(value)}
              data-testid={search.testId}
            />
          ) : null}
          {filters}
        </div>
        {actions ? <div className="list-page__actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
