import type { ReactNode } from 'react';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Tooltip from 'antd/es/tooltip';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import { useTranslation } from 'react-i18next';

interface RowActionsProps {
  /** Prefix of the test ids: `<entity>-edit-<id>`, `<entity>-delete-<id>`. */
  entity: string;
  id: number;
  name: string;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => Promise<unknown>) | undefined;
  /** Further buttons (reset password, rotate key), before delete. */
  children?: ReactNode;
}

/** Edit, extra actions and delete (with a confirm) for one row; a missing handler hides its button. */
export function RowActions({ entity, id, name, onEdit, onDelete, children }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <span className="list-page__row-actions">
      {onEdit ? (
        <Tooltip title={t('list.action.edit')}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            onClick={onEdit}
            aria-label={`${t('list.action.edit')} ${name}`}
            data-testid={`${entity}-edit-${id}`}
          />
        </Tooltip>
      ) : null}
      {children}
      {onDelete ? (
        <Popconfirm
          title={t('list.delete.title')}
          description={t('list.delete.confirm', { name })}
          okText={t('list.action.delete')}
          cancelText={t('common.action.cancel')}
          okButtonProps={{ danger: true, 'data-testid': `${entity}-delete-confirm-${id}` }}
          onConfirm={() => onDelete().catch(() => undefined)}
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            title={t('list.action.delete')}
            aria-label={`${t('list.action.delete')} ${name}`}
            data-testid={`${entity}-delete-${id}`}
          />
        </Popconfirm>
      ) : null}
    </span>
  );
}
