import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Menu from 'antd/es/menu';
import type { MenuProps } from 'antd/es/menu';
import { useTranslation } from 'react-i18next';
import { buildMenu, type MenuItemEntry } from '../../menu';
import type { RouteDef } from '../../route-types';
import { MENU_GROUPS, ROUTES, routeByName } from '../../routes';
import { GROUP_ICONS, ROUTE_ICONS } from './menu-icons';

type Items = NonNullable<MenuProps['items']>;

interface SideMenuProps {
  menuList: readonly string[];
  current: RouteDef | undefined;
  collapsed: boolean;
}

const groupKey = (id: string) => `group:${id}`;

/** Spec §2: permitted, non-hidden routes; a group with one visible child is a plain item. */
export function SideMenu({ menuList, current, collapsed }: SideMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entries = useMemo(() => buildMenu(ROUTES, MENU_GROUPS, menuList), [menuList]);
  const currentGroup = current?.group ? groupKey(current.group) : null;
  // Every group starts open: antd renders a closed group's items only once it opens, and
  // four short groups read better unfolded than as four clicks.
  const [openKeys, setOpenKeys] = useState<string[]>(() =>
    entries.flatMap((entry) => (entry.kind === 'group' ? [groupKey(entry.id)] : [])),
  );

  // Arriving on a page of a closed group (from a tag or a link) opens that group.
  useEffect(() => {
    if (currentGroup) setOpenKeys((keys) => (keys.includes(currentGroup) ? keys : [...keys, currentGroup]));
  }, [currentGroup]);

  const item = (entry: MenuItemEntry, icon?: ReactNode) => ({
    key: entry.name,
    icon,
    label: <TitledLabel text={t(entry.titleKey)} />,
    // Stable hooks for browser tests and benches: the route's name and path on the <li>.
    'data-menu': entry.name,
    'data-path': routeByName(entry.name)?.path,
  });

  const items: Items = entries.map((entry) => {
    if (entry.kind === 'item') {
      const group = routeByName(entry.name)?.group;
      return item(entry, ROUTE_ICONS[entry.name] ?? (group ? GROUP_ICONS[group] : undefined));
    }
    return {
      key: groupKey(entry.id),
      icon: GROUP_ICONS[entry.id],
      label: <TitledLabel text={t(entry.titleKey)} />,
      'data-menu-group': entry.id,
      children: entry.children.map((child) => item(child)),
    };
  }) as Items;

  return (
    <nav className="side-menu" data-testid="side-menu" aria-label={t('layout.menu.label')}>
      <Menu
        mode="inline"
        theme="dark"
        items={items}
        inlineCollapsed={collapsed}
        selectedKeys={current ? [current.name] : []}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => {
          const def = routeByName(String(key));
          if (def) navigate(def.path);
        }}
      />
    </nav>
  );
}

/** A menu text cut short by the menu's width (Spanish runs long) is shown whole on hover. */
function TitledLabel({ text }: { text: string }) {
  return <span title={text}>{text}</span>;
}
