import { Suspense, type ReactNode } from 'react';
import type { ColumnsType, TableProps } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { actionsColumn } from '../list-page/columns';
import { EntityListPage } from '../list-page/entity-list-page';
import { RowActions } from '../list-page/row-actions';

/** The part of `useEntityCrud` a settings list uses: the list, export, the form's subject, delete. */
interface SettingsCrud<T> {
  list: { tableProps: TableProps<T>; setSearch: (q: string) => void };
  exporting: boolean;
  onExport: () => void;
  editing: { row: T | null } | null;
  formUsed: boolean;
  openCreate: () => void;
  openEdit: (row: T) => void;
  closeForm: () => void;
  onDelete: (row: T) => Promise<void>;
}

/** The actions column: edit, further buttons, then delete behind its confirmation. */
export interface RowActionsSpec<T> {
  width: number;
  /** The row's name, read after each button's action and asked about before deleting. */
  name: (row: T) => string;
  /** Rows that have actions at all; the others show none. Every row when absent. */
  rowsWith?: (row: T) => boolean;
  /** Rows the user may edit; every row when absent. */
  canEdit?: (row: T) => boolean;
  /** Whether the user may delete; yes when absent. */
  canDelete?: boolean;
  /** Buttons between edit and delete (reset a password, rotate a key). */
  extra?: (row: T) => ReactNode;
}

/** What the form is given: whether it shows, the row it edits (null creates), and how it closes. */
export interface FormSubject<T> {
  open: boolean;
  row: T | null;
  onClose: () => void;
}

/** EntityListPage's own props: the entity, title, search, filters, create; crud and columns are widened here. */
type PageFrameProps<T extends { id: number }> = Omit<Parameters<typeof EntityListPage<T>>[0], 'crud' | 'columns' | 'children'>;

type SettingsListPageProps<T extends { id: number }> = PageFrameProps<T> & {
  crud: SettingsCrud<T>;
  columns: ColumnsType<T>;
  /** The actions column after the others; absent for users who may not act on rows. */
  rowActions?: RowActionsSpec<T> | undefined;
  /** The create/edit form, loaded (lazily) once first opened; absent for users who may not use it. */
  form?: ((subject: FormSubject<T>) => ReactNode) | undefined;
  /** Dialogs the rows open besides the form. */
  children?: ReactNode;
};

/**
 * A settings list declared once: its toolbar and table (EntityListPage), the row actions with
 * the delete confirmation, and the form that creates and edits, kept while the page lives.
 */
export function SettingsListPage<T extends { id: number }>({ crud, columns, rowActions, form, children, ...page }: SettingsListPageProps<T>) {
  const { t } = useTranslation();
  const { entity } = page;
  const shown = rowActions
    ? [
        ...columns,
        actionsColumn<T>(t, rowActions.width, (row) =>
          rowActions.rowsWith && !rowActions.rowsWith(row) ? null : (
            <RowActions
              entity={entity}
              id={row.id}
              name={rowActions.name(row)}
              onEdit={!rowActions.canEdit || rowActions.canEdit(row) ? () => crud.openEdit(row) : undefined}
              onDelete={rowActions.canDelete === false ? undefined : () => crud.onDelete(row)}
            >
              {rowActions.extra?.(row)}
            </RowActions>
          ),
        ),
      ]
    : columns;
  return (
    <EntityListPage<T> {...page} crud={crud} columns={shown}>
      {form && crud.formUsed ? <Suspense fallback={null}>{form({ open: crud.editing !== null, row: crud.editing?.row ?? null, onClose: crud.closeForm })}</Suspense> : null}
      {children}
    </EntityListPage>
  );
}
