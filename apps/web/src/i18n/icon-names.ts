import type { AccessibleNameTexts } from '../lib/accessible-names';
import { i18n } from './i18n';
import type { MessageKey } from './message-key';

/** What an icon-only control does, by antd icon name, for screen readers (lib/accessible-names). */
const ICON_KEYS: Readonly<Record<string, MessageKey>> = {
  search: 'common.icon.search',
  reload: 'common.icon.reload',
  close: 'common.icon.close',
  edit: 'common.icon.edit',
  delete: 'common.icon.delete',
  setting: 'common.icon.setting',
  bell: 'common.icon.bell',
  mail: 'common.icon.mail',
  download: 'common.icon.download',
  plus: 'common.icon.plus',
  'menu-fold': 'common.icon.menuFold',
  'menu-unfold': 'common.icon.menuUnfold',
  key: 'common.icon.key',
  eye: 'common.icon.eye',
  'close-circle': 'common.icon.closeCircle',
  printer: 'common.icon.printer',
  more: 'common.icon.more',
  ellipsis: 'common.icon.more',
  left: 'common.icon.left',
  right: 'common.icon.right',
};

/** The names in the page's language; call once i18n holds the core texts. */
export function accessibleNameTexts(): AccessibleNameTexts {
  return {
    increase: i18n.t('common.a11y.increase'),
    decrease: i18n.t('common.a11y.decrease'),
    icon: (name) => {
      const key = ICON_KEYS[name];
      return key ? i18n.t(key) : null;
    },
  };
}
