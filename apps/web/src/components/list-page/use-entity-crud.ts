import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListResult } from '@ullage/contracts/list';
import { toastSuccess } from '../../lib/feedback';
import { useFormUsed } from '../../lib/use-form-used';
import { exportQuery, pageAfterDelete, type ListParams } from './list-query';
import { useServerList } from './use-server-list';

type Filters = Record<string, string | number | undefined>;

interface Options<T, F extends Filters> {
  /** The query key the list lives under; the feature's mutations invalidate it. */
  queryKey: readonly unknown[];
  fetch: (query: ListParams, signal: AbortSignal) => Promise<ListResult<T>>;
  filters: F;
  sortFields: readonly string[];
  /** Downloads the filtered list (.xlsx); the name is used when the server sends none. */
  exportFile: (query: Record<string, string | number>, fallbackName: string) => Promise<void>;
  /** The file name of the export without its extension (the page's title). */
  exportName: string;
  /** Deletes one row; a delete mutation's `mutateAsync`, which refreshes the list. */
  remove: (id: number) => Promise<unknown>;
}

/**
 * What a settings list does besides its columns: the server-paged list, which row the form
 * edits (null creates), the export, and delete with its toast and the page it lands on.
 */
export function useEntityCrud<T extends { id: number }, F extends Filters>(options: Options<T, F>) {
  const { t } = useTranslation();
  const list = useServerList<T, F>({ ...options, showTotal: (total) => t('list.total', { total }) });
  const [editing, setEditing] = useState<{ row: T | null } | null>(null);
  const formUsed = useFormUsed(editing !== null);
  const [exporting, setExporting] = useState(false);

  const onDelete = async (row: T) => {
    await options.remove(row.id);
    toastSuccess(t('list.delete.done'));
    // The last row of the last page: go back a page rather than show an empty one.
    list.setPage(pageAfterDelete(list.state.page, list.state.pageSize, list.total));
  };

  const onExport = () => {
    setExporting(true);
    options
      .exportFile(exportQuery(list.state), `${options.exportName}.xlsx`)
      .catch(() => undefined) // the download has toasted the refusal
      .finally(() => setExporting(false));
  };

  return {
    list,
    /** The form's subject while it is open: `{ row: null }` creates. */
    editing,
    formUsed,
    openCreate: () => setEditing({ row: null }),
    openEdit: (row: T) => setEditing({ row }),
    closeForm: () => setEditing(null),
    exporting,
    onExport,
    onDelete,
  };
}
