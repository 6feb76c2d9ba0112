import { useMemo, useState } from 'react';
import Button from 'antd/es/button';
import { DataTable } from '../../../components/data-table/data-table';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import PrinterOutlined from '@ant-design/icons/es/icons/PrinterOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { useTranslation } from 'react-i18next';
import type { DataJumpRow } from '@ullage/contracts/data-jumps';
import { DATA_JUMP_SORT_FIELDS } from '@ullage/contracts/list-fields';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { FilterBar } from '../../../components/report-filters/filter-bar';
import { useMonitorFormat } from '../../../lib/use-monitor-format';
import { jumpColumns } from '../components/jump-columns';
import type { JumpFilters } from '../jump-filters-state';
import { JUMP_REPORT } from '../jump-report';
import '../report-jumps.css';

/** alarm_record (spec §2 /Analysis, §9 jump thresholds): readings that jumped, with the reading before; filter, page, sort, export, print. */
export function Page() {
  const { t } = useTranslation();
  const format = useMonitorFormat();
  const list = useServerList<DataJumpRow, JumpFilters>({
    queryKey: JUMP_REPORT.list.key,
    fetch: JUMP_REPORT.list.fetch,
    filters: JUMP_REPORT.initialFilters(),
    sortFields: DATA_JUMP_SORT_FIELDS,
    showTotal: (total) => t('list.total', { total }),
  });
  const [exporting, setExporting] = useState(false);
  const setFilters = (next: (current: JumpFilters) => JumpFilters) => list.setState((current) => ({ ...current, filters: next(current.filters), page: 1 }));
  const columns = useMemo(
    () => jumpColumns({ t, format, sortOrderOf: list.sortOrderOf }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sortOrderOf follows list.state
    [t, format, list.state],
  );
  const { from, to } = list.state.filters;

  const onExport = () => {
    setExporting(true);
    JUMP_REPORT.export!(exportQuery(list.state), `${t('route.title.alarm_record')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  return (
    <ListPage
      title={t('route.title.alarm_record')}
      search={{ placeholder: t(JUMP_REPORT.search.placeholder), onSearch: list.setSearch, testId: JUMP_REPORT.search.testId }}
      filters={<FilterBar fields={JUMP_REPORT.filters} filters={list.state.filters} set={setFilters} />}
      actions={
        <>
          <Button icon={<ReloadOutlined />} onClick={() => void list.query.refetch()} aria-label={t('report.jumps.refresh')} />
          <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="jump-print">
            {t('report.jumps.print')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} data-testid="jump-export">
            {t('list.action.export')}
          </Button>
        </>
      }
    >
      <p className="list-page__print-only">{from && to ? t('report.jumps.printRange', { from: format.dateTime(from), to: format.dateTime(to) }) : null}</p>
      <p className="list-page__muted jump-rules-note">{t('report.jumps.rulesNote')}</p>
      <DataTable<DataJumpRow> {...list.tableProps} className="jump-table list-page__print-fit" columns={columns} size="middle" scroll={{ x: 'max-content' }} data-testid="jump-table" />
    </ListPage>
  );
}
