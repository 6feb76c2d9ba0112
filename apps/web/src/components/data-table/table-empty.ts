import type { TableProps } from 'antd/es/table';

type Loading = TableProps<unknown>['loading'];
type EmptyText = NonNullable<TableProps<unknown>['locale']>['emptyText'];

/** antd's `loading`: a flag, or the Spin's props, whose `spinning` is true unless it says false. */
export function isTableLoading(loading: Loading): boolean {
  if (typeof loading === 'object' && loading !== null) return loading.spinning !== false;
  return loading === true;
}

/**
 * What an empty table says (issue 34 item 7): while its rows are loading, that they are —
 * never "No data", which antd would show under its spinner for the second the first page takes;
 * otherwise the page's own empty text, or antd's when it has none (undefined).
 */
export function tableEmptyText(loading: Loading, emptyText: EmptyText, loadingText: EmptyText): EmptyText {
  return isTableLoading(loading) ? loadingText : emptyText;
}
