import type { ReactNode } from 'react';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import { useTranslation } from 'react-i18next';

interface ConfirmActionProps {
  /** The action's name: the button's title, the confirm button's text. */
  action: string;
  /** The row's name, read after the action by screen readers. */
  name: string;
  icon: ReactNode;
  title: string;
  description: string;
  /** A confirm button in red, for what cannot be undone. */
  danger?: boolean;
  loading: boolean;
  /** Test ids of the row button and of the confirm button. */
  testId: string;
  confirmTestId: string;
  onConfirm: () => Promise<unknown>;
}

/** A row action beside edit and delete (reset a password, rotate a key) that asks first. */
export function ConfirmAction({ action, name, icon, title, description, danger, loading, testId, confirmTestId, onConfirm }: ConfirmActionProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={action}
      cancelText={t('common.action.cancel')}
      okButtonProps={danger ? { danger: true, 'data-testid': confirmTestId } : { 'data-testid': confirmTestId }}
      onConfirm={onConfirm}
    >
      <Button type="text" size="small" icon={icon} title={action} loading={loading} aria-label={`${action} ${name}`} data-testid={testId} />
    </Popconfirm>
  );
}
