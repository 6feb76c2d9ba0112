import Table from 'antd/es/table';
import type { TableProps } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { tableEmptyText } from './table-empty';
import './data-table.css';

/**
 * antd's Table as every table of the app uses it: an empty table that is loading says so
 * (tableEmptyText), never "No data" (issue 34 item 7). The one module that imports antd's
 * Table; a lint rule keeps it so (eslint.config.js).
 */
export function DataTable<T>(props: TableProps<T>) {
  const { t } = useTranslation();
  const { loading, locale } = props;
  const loadingText = (
    <span className="data-table__loading" role="status" data-testid="table-loading">
      {t('common.loading')}
    </span>
  );
  const emptyText = tableEmptyText(loading, locale?.emptyText, loadingText);
  return <Table<T> {...props} locale={emptyText === undefined ? locale : { ...locale, emptyText }} />;
}
