import Drawer from 'antd/es/drawer';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../i18n/message-key';
import './operation-manual-drawer.css';

const SECTIONS: ReadonlyArray<{ title: MessageKey; text: MessageKey }> = [
  { title: 'manual.signIn.title', text: 'manual.signIn.text' },
  { title: 'manual.menu.title', text: 'manual.menu.text' },
  { title: 'manual.tags.title', text: 'manual.tags.text' },
  { title: 'manual.language.title', text: 'manual.language.text' },
  { title: 'manual.account.title', text: 'manual.account.text' },
  { title: 'manual.mobile.title', text: 'manual.mobile.text' },
  { title: 'manual.signOut.title', text: 'manual.signOut.text' },
];

/** The operation manual of the user menu: a short guide to the shell itself. */
export function OperationManualDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} title={t('manual.title')} size={480} data-testid="operation-manual">
      <p className="operation-manual__intro">{t('manual.intro')}</p>
      {SECTIONS.map((section) => (
        <section key={section.title} className="operation-manual__section">
          <h3>{t(section.title)}</h3>
          <p>{t(section.text)}</p>
        </section>
      ))}
    </Drawer>
  );
}
