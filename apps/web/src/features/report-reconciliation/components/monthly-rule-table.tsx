import type { HTMLAttributes } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ReconciliationMonthlyRow } from '@ullage/contracts/reconciliation';
import { StationCell, TankLabel } from '../../../components/report-cells/report-cells';
import type { MonitorFormat } from '../../../lib/format';
import { varianceTone } from '../reconciliation-row-display';
import { ManifoldTag, VarianceFigure } from './reconciliation-cells';
import { SalesSourceTag } from '../../../components/report-cells/sales-source-tag';

interface MonthlyRuleTableProps {
  /** One page of the rows, in place order; `total` of them in all. */
  rows: readonly ReconciliationMonthlyRow[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  loading: boolean;
  format: MonitorFormat;
}

const RESULT_COLORS = { pass: 'success', fail: 'error', no_data: 'default' } as const;
export const RESULT_KEYS = { pass: 'reconciliation.rule.pass', fail: 'reconciliation.rule.fail', no_data: 'reconciliation.rule.noData' } as const;

/** The regulator's monthly rule per tank (group): the month's metered sales, its variance against the allowance, pass or fail. */
export function MonthlyRuleTable({ rows, total, page, pageSize, onPage, loading, format }: MonthlyRuleTableProps) {
  const { t } = useTranslation();
  const missing = t('common.placeholder.missing');
  const volume = (litres: number | null, row: ReconciliationMonthlyRow) => (litres === null ? <span className="recon-missing">{missing}</span> : format.volume(litres, row.volumeUnit));
  const columns: ColumnsType<ReconciliationMonthlyRow> = [
    { title: t('reconciliation.column.station'), key: 'station', width: 160, render: (_, row) => <StationCell row={row} /> },
    {
      title: t('reconciliation.column.tank'),
      key: 'tank',
      width: 150,
      render: (_, row) => (
        <span className="recon-tank">
          <TankLabel code={row.tankCode} productName={row.productName} productColor={row.productColor} />
          {row.manifold ? <ManifoldTag /> : null}
        </span>
      ),
    },
    { title: t('reconciliation.column.source'), key: 'source', width: 120, render: (_, row) => <SalesSourceTag source={row.salesSource} /> },
    {
      title: t('reconciliation.rule.days'),
      key: 'days',
      width: 110,
      align: 'end',
      render: (_, row) => t('reconciliation.rule.daysOf', { metered: format.count(row.meteredDays), days: format.count(row.days) }),
    },
    { title: t('reconciliation.rule.sales'), key: 'sales', width: 130, align: 'end', render: (_, row) => volume(row.meteredSalesL, row) },
    {
      title: t('reconciliation.rule.variance'),
      key: 'variance',
      width: 130,
      align: 'end',
      render: (_, row) => (
        <VarianceFigure text={row.varianceL === null ? missing : format.volume(row.varianceL, row.volumeUnit)} value={row.varianceL} tone={varianceTone(row.varianceL, row.allowanceL)} />
      ),
    },
    { title: t('reconciliation.rule.allowance'), key: 'allowance', width: 130, align: 'end', render: (_, row) => (row.allowanceL === null ? volume(null, row) : <span dir="ltr">±{format.volume(row.allowanceL, row.volumeUnit)}</span>) },
    {
      title: t('reconciliation.rule.tcVariance'),
      key: 'tcVariance',
      width: 130,
      align: 'end',
      render: (_, row) => <VarianceFigure text={row.tcVarianceL === null ? missing : format.volume(row.tcVarianceL, row.volumeUnit)} value={row.tcVarianceL} tone={null} />,
    },
    {
      title: t('reconciliation.rule.result'),
      key: 'result',
      width: 110,
      fixed: 'end',
      render: (_, row) => (
        <Tag color={RESULT_COLORS[row.result]} data-testid="recon-rule-result" data-result={row.result}>
          {t(RESULT_KEYS[row.result])}
        </Tag>
      ),
    },
  ];
  return (
    <DataTable<ReconciliationMonthlyRow>
      rowKey="id"
      className="recon-rule-table list-page__print-fit"
      dataSource={rows as ReconciliationMonthlyRow[]}
      columns={columns}
      loading={loading}
      pagination={total > pageSize ? { current: page, pageSize, total, onChange: onPage, showSizeChanger: false, showTotal: (n) => t('list.total', { total: n }) } : false}
      size="middle"
      scroll={{ x: 'max-content' }}
      rowClassName={(row) => `recon-rule-row recon-rule-row--${row.result}`}
      onRow={(row) => ({ 'data-result': row.result }) as HTMLAttributes<HTMLElement>}
      data-testid="recon-rule-table"
    />
  );
}
