import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import './settings-more.css';

interface SecretModalProps {
  /** The secret to show; null closes the modal. It is shown this once and never again. */
  secret: string | null;
  title: string;
  /** What the user must do with it. */
  note: string;
  testId: 'device-key' | 'temporary-password';
  onClose: () => void;
}

/** A device key or a temporary password, shown once with a copy button. */
export function SecretModal({ secret, title, note, testId, onClose }: SecretModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={secret !== null}
      title={title}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose} data-testid={`${testId}-close`}>
          {t('settingsMore.secret.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={note} className="more-secret__note" />
      <Typography.Paragraph
        className="more-secret__value"
        copyable={{ text: secret ?? '', tooltips: [t('settingsMore.secret.copy'), t('settingsMore.secret.copied')] }}
      >
        <code dir="ltr" data-testid={testId}>
          {secret}
        </code>
      </Typography.Paragraph>
    </Modal>
  );
}
