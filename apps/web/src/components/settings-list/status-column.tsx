import type { ColumnType } from 'antd/es/table';
import { StatusSwitch } from '../list-page/status-switch';

type StatusMutation = Parameters<typeof StatusSwitch>[0]['mutation'];

interface StatusColumnOptions<T> {
  /** Prefix of the test ids: `<entity>-status-<id>`. */
  entity: string;
  /** The column's title, the switch's accessible name. */
  label: string;
  /** Whether the user may switch this row; otherwise a tag shows its status. */
  editable: (row: T) => boolean;
  /** The question before switching, for the row's current state. */
  confirm: (row: T) => string;
  mutation: StatusMutation;
  /** Whether the confirm button has the test id `<entity>-status-confirm-<id>`. */
  confirmTestId?: boolean;
}

/** The enabled / disabled column of the lists whose rows can be switched off. */
export function statusColumn<T extends { id: number; disabled: boolean }>({ entity, label, editable, confirm, mutation, confirmTestId }: StatusColumnOptions<T>): ColumnType<T> {
  return {
    title: label,
    key: 'status',
    width: 110,
    render: (_, row) => (
      <StatusSwitch entity={entity} row={row} editable={editable(row)} confirm={confirm(row)} label={label} mutation={mutation} {...(confirmTestId ? { confirmTestId } : {})} />
    ),
  };
}
