import Avatar from 'antd/es/avatar';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import BookOutlined from '@ant-design/icons/es/icons/BookOutlined';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import PictureOutlined from '@ant-design/icons/es/icons/PictureOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@ullage/contracts/auth';
import { openManual } from '../../features/manual/open-manual';
import type { AccountDialog } from './account-dialogs';
import './user-menu.css';

interface UserMenuProps {
  user: SessionUser;
  onOpen: (dialog: Exclude<AccountDialog, null>) => void;
  onLogout: () => void;
  /** Phones show only the avatar. */
  compact?: boolean;
}

/** Spec §2: change password, change photo, operation manual (its own page, in a new tab), log out. */
export function UserMenu({ user, onOpen, onLogout, compact = false }: UserMenuProps) {
  const { t } = useTranslation();
  // `data-testid` reaches the <li> through antd's item props; the cast is for its typing.
  const items = [
    { key: 'password', icon: <LockOutlined />, label: t('layout.user.changePassword'), 'data-testid': 'change-password' },
    { key: 'photo', icon: <PictureOutlined />, label: t('layout.user.changePhoto'), 'data-testid': 'change-photo' },
    { key: 'manual', icon: <BookOutlined />, label: t('layout.user.manual'), 'data-testid': 'operation-manual-open' },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.user.logout'), 'data-testid': 'logout' },
  ] as NonNullable<MenuProps['items']>;
  const name = user.nickname || user.username;
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'logout') onLogout();
          else if (key === 'manual') openManual();
          else if (key === 'password' || key === 'photo') onOpen(key);
        },
      }}
    >
      <button type="button" className="user-menu" data-testid="user-menu" aria-label={t('layout.user.menu', { name })}>
        <Avatar size={28} src={user.photo ?? undefined} icon={<UserOutlined />} alt="" />
        {compact ? null : (
          <>
            <span className="user-menu__name">{name}</span>
            <DownOutlined className="user-menu__caret" />
          </>
        )}
      </button>
    </Dropdown>
  );
}
