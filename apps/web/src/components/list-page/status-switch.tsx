import Popconfirm from 'antd/es/popconfirm';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/feedback';

/** The part of a set-status mutation the switch uses. */
interface StatusMutation {
  mutateAsync: (input: { id: number; disabled: boolean }) => Promise<unknown>;
  isPending: boolean;
  variables?: { id: number } | undefined;
}

interface StatusSwitchProps {
  /** Prefix of the test ids: `<entity>-status-<id>`. */
  entity: string;
  row: { id: number; disabled: boolean };
  /** Whether the user may switch it; otherwise a tag shows the status. */
  editable: boolean;
  /** The question before switching, for the row's current state. */
  confirm: string;
  /** The column's title, the switch's accessible name. */
  label: string;
  mutation: StatusMutation;
  /** Whether the confirm button has the test id `<entity>-status-confirm-<id>`. */
  confirmTestId?: boolean;
}

/** Enabled / disabled of one row: a switch behind a confirmation, or a tag for who may not change it. */
export function StatusSwitch({ entity, row, editable, confirm, label, mutation, confirmTestId }: StatusSwitchProps) {
  const { t } = useTranslation();
  if (!editable) {
    return (
      <Tag color={row.disabled ? 'default' : 'green'} data-testid={`${entity}-status-${row.id}`}>
        {row.disabled ? t('settingsOrg.status.disabled') : t('settingsOrg.status.enabled')}
      </Tag>
    );
  }
  return (
    <Popconfirm
      title={confirm}
      okText={t('list.action.confirm')}
      cancelText={t('common.action.cancel')}
      {...(confirmTestId ? { okButtonProps: { 'data-testid': `${entity}-status-confirm-${row.id}` } } : {})}
      onConfirm={() =>
        mutation
          .mutateAsync({ id: row.id, disabled: !row.disabled })
          .then(() => toastSuccess(t('common.result.settingSaved')))
          .catch(() => undefined) // the API client has toasted the refusal
      }
    >
      <Switch
        checked={!row.disabled}
        checkedChildren={t('settingsOrg.status.enabled')}
        unCheckedChildren={t('settingsOrg.status.disabled')}
        loading={mutation.isPending && mutation.variables?.id === row.id}
        data-testid={`${entity}-status-${row.id}`}
        aria-label={label}
      />
    </Popconfirm>
  );
}
