import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import './secret-modal.css';

interface SecretModalProps {
  /** The secret to show; null closes the modal. It is shown this once and never again. */
  secret: string | null;
  title: string;
  /** What the user must do with it. */
  note: string;
  /** The secret's element; its close button is `${testId}-close`. */
  testId: string;
  onClose: () => void;
}

/** A secret (a device key, a temporary password, an API token, a webhook's signing secret) shown once with a copy button. */
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
          {t('common.secret.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={note} className="secret-modal__note" />
      <Typography.Paragraph
        className="secret-modal__value"
        copyable={{ text: secret ?? '', tooltips: [t('common.secret.copy'), t('common.secret.copied')] }}
      >
        <code dir="ltr" data-testid={testId}>
          {secret}
        </code>
      </Typography.Paragraph>
    </Modal>
  );
}
