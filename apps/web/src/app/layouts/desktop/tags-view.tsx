import { Link } from 'react-router';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import { useTranslation } from 'react-i18next';
import { routeByName } from '../../routes';
import type { VisitedView } from './visited-views';
import './tags-view.css';

export type TagAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

interface TagsViewProps {
  views: readonly VisitedView[];
  activeName: string | undefined;
  onAction: (action: TagAction, name: string) => void;
}

/** Visited pages as tabs (spec §2): refresh, close, close others, close all. */
export function TagsView({ views, activeName, onAction }: TagsViewProps) {
  const { t } = useTranslation();
  const menuFor = (name: string): MenuProps => ({
    items: [
      { key: 'refresh', label: t('layout.tags.refresh'), 'data-testid': 'tags-refresh' },
      { key: 'close', label: t('layout.tags.close'), 'data-testid': 'tags-close' },
      { key: 'closeOthers', label: t('layout.tags.closeOthers'), 'data-testid': 'tags-close-others' },
      { key: 'closeAll', label: t('layout.tags.closeAll'), 'data-testid': 'tags-close-all' },
    ] as NonNullable<MenuProps['items']>,
    onClick: ({ key }) => onAction(key as TagAction, name),
  });

  return (
    <div className="tags-view" data-testid="tags-view">
      <div className="tags-view__list" role="tablist" aria-label={t('layout.tags.label')}>
        {views.map((view) => {
          const def = routeByName(view.name);
          if (!def) return null;
          const active = view.name === activeName;
          const title = t(def.titleKey);
          return (
            <Dropdown key={view.name} trigger={['contextMenu']} menu={menuFor(view.name)}>
              <div className={`tags-view__tag${active ? ' tags-view__tag--active' : ''}`} data-tag={view.name}>
                <Link to={view.fullPath} role="tab" aria-selected={active} className="tags-view__link">
                  {title}
                </Link>
                <button
                  type="button"
                  className="tags-view__close"
                  aria-label={t('layout.tags.closeOne', { title })}
                  onClick={() => onAction('close', view.name)}
                >
                  <CloseOutlined />
                </button>
              </div>
            </Dropdown>
          );
        })}
      </div>
      {activeName ? (
        <Dropdown trigger={['click']} menu={menuFor(activeName)} placement="bottomRight">
          <button type="button" className="tags-view__actions" data-testid="tags-actions" aria-label={t('layout.tags.actions')}>
            <DownOutlined />
          </button>
        </Dropdown>
      ) : null}
    </div>
  );
}
