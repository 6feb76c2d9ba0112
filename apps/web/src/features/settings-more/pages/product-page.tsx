import { lazy, Suspense, useMemo, useState } from 'react';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ProductInput, ProductRow } from '@ullage/contracts/settings-more';
import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import type { PageProps } from '../../../app/route-types';
import { ListActions } from '../../../components/list-page/list-actions';
import { ListPage } from '../../../components/list-page/list-page';
import { exportQuery, pageAfterDelete } from '../../../components/list-page/list-query';
import { useServerList } from '../../../components/list-page/use-server-list';
import { toastSuccess } from '../../../lib/feedback';
import { useOrgTree } from '../../settings-org/api/org-tree';
import { formatCreatedAt } from '../../settings-org/format';
import { companyOptions, distributorOptions, optionMatches } from '../../settings-org/org-options';
import { useViewer } from '../../settings-org/use-viewer';
import { useDeleteProduct } from '../api/delete-product';
import { exportProducts } from '../api/export-products';
import { moreKeys } from '../api/keys';
import { listProducts } from '../api/list-products';
import { PRODUCT_TYPE_CHOICES, productTypeKey } from '../choices';
import { RowActions } from '../../../components/list-page/row-actions';
import { moreRights } from '../permissions';
import { useFormUsed } from '../../../lib/use-form-used';
import '../components/settings-more.css';

/** The form loads when first opened, keeping the list's chunk small. */
const ProductFormModal = lazy(() => import('../components/product-form-modal').then((module) => ({ default: module.ProductFormModal })));

export const PRODUCT_SORT_FIELDS = ['name', 'code', 'type', 'createdAt'] as const;

type Filters = { distributorId: number | undefined; companyId: number | undefined; type: ProductInput['type'] | undefined };

/** System settings → Products (oil types): list, export, create, edit, delete; a colour per product. */
export function Page({ route }: PageProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const rights = moreRights(viewer);
  const tree = useOrgTree();
  const list = useServerList<ProductRow, Filters>({
    queryKey: moreKeys.products,
    fetch: listProducts,
    filters: { distributorId: undefined, companyId: undefined, type: undefined },
    sortFields: PRODUCT_SORT_FIELDS,
    showTotal: (total) => t('list.total', { total }),
  });
  const distributorId = list.state.filters.distributorId;
  const distributors = useMemo(() => distributorOptions(tree.data ?? []), [tree.data]);
  const companies = useMemo(() => companyOptions(tree.data ?? [], distributorId), [tree.data, distributorId]);
  const [editing, setEditing] = useState<{ row: ProductRow | null } | null>(null);
  const formUsed = useFormUsed(editing !== null);
  const remove = useDeleteProduct();
  const [exporting, setExporting] = useState(false);
  const lockedDistributorId = viewer?.accountType === ACCOUNT_TYPES.distributor ? viewer.orgId : null;

  const onDelete = async (row: ProductRow) => {
    await remove.mutateAsync(row.id);
    toastSuccess(t('list.delete.done'));
    list.setPage(pageAfterDelete(list.state.page, list.state.pageSize, list.total));
  };

  const onExport = () => {
    setExporting(true);
    exportProducts(exportQuery(list.state), `${t('route.title.product')}.xlsx`)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const missing = t('common.placeholder.missing');
  const columns: ColumnsType<ProductRow> = [
    {
      title: t('settingsMore.product.color'),
      dataIndex: 'color',
      key: 'color',
      width: 70,
      render: (value: string) => <span className="more-swatch" style={{ background: value }} title={value} role="img" aria-label={value} />,
    },
    {
      title: t('settingsMore.product.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      sortOrder: list.sortOrderOf('name'),
      ellipsis: true,
      width: 160,
      render: (value: string) => <bdi>{value}</bdi>,
    },
    { title: t('settingsMore.product.shortName'), dataIndex: 'shortName', key: 'shortName', width: 110, render: (value: string | null) => <bdi>{value || missing}</bdi> },
    { title: t('settingsMore.product.code'), dataIndex: 'code', key: 'code', sorter: true, sortOrder: list.sortOrderOf('code'), width: 110 },
    {
      title: t('settingsMore.product.type'),
      dataIndex: 'type',
      key: 'type',
      sorter: true,
      sortOrder: list.sortOrderOf('type'),
      width: 110,
      render: (value: string) => {
        const key = productTypeKey(value);
        return key ? t(key) : value;
      },
    },
    { title: t('settingsMore.product.distributor'), dataIndex: 'distributorName', key: 'distributorName', width: 150, ellipsis: true, render: (value: string) => <bdi>{value}</bdi> },
    {
      title: t('settingsMore.product.company'),
      dataIndex: 'companyName',
      key: 'companyName',
      width: 150,
      ellipsis: true,
      render: (value: string | null) => <bdi>{value || t('settingsMore.product.allCompanies')}</bdi>,
    },
    { title: t('settingsMore.product.tankCount'), dataIndex: 'tankCount', key: 'tankCount', width: 80, align: 'end' },
    {
      title: t('list.column.createdAt'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: list.sortOrderOf('createdAt'),
      width: 150,
      render: (value: string) => formatCreatedAt(value),
    },
  ];
  if (rights.product) {
    columns.push({
      title: t('list.column.actions'),
      key: 'actions',
      fixed: 'end',
      width: 96,
      render: (_, row) => <RowActions entity="product" id={row.id} name={row.name} onEdit={() => setEditing({ row })} onDelete={() => onDelete(row)} />,
    });
  }

  return (
    <ListPage
      title={t(route.titleKey)}
      search={{ placeholder: t('settingsMore.product.search'), onSearch: list.setSearch, testId: 'product-search' }}
      filters={
        <>
          {distributors.length > 1 ? (
            <Select
              className="list-page__filter"
              allowClear
              showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
              placeholder={t('settingsOrg.filter.allDistributors')}
              aria-label={t('settingsMore.product.distributor')}
              options={distributors}
              value={distributorId}
              onChange={(value?: number) => list.setState((s) => ({ ...s, page: 1, filters: { ...s.filters, distributorId: value, companyId: undefined } }))}
              data-testid="product-filter-distributor"
            />
          ) : null}
          <Select
            className="list-page__filter"
            allowClear
            showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
            placeholder={t('settingsOrg.filter.allCompanies')}
            aria-label={t('settingsMore.product.company')}
            options={companies}
            value={list.state.filters.companyId}
            onChange={(value?: number) => list.setFilter('companyId', value)}
            data-testid="product-filter-company"
          />
          <Select
            className="list-page__filter"
            allowClear
            placeholder={t('settingsMore.filter.allProductTypes')}
            aria-label={t('settingsMore.product.type')}
            options={PRODUCT_TYPE_CHOICES.map((value) => ({ value, label: t(productTypeKey(value)!) }))}
            value={list.state.filters.type}
            onChange={(value?: ProductInput['type']) => list.setFilter('type', value)}
            data-testid="product-filter-type"
          />
        </>
      }
      actions={
        <ListActions entity="product" onExport={onExport} exporting={exporting} createLabel={t('settingsMore.product.create')} onCreate={rights.product ? () => setEditing({ row: null }) : undefined} />
      }
    >
      <Table<ProductRow> {...list.tableProps} columns={columns} scroll={{ x: 'max-content' }} size="middle" data-testid="product-table" />
      {rights.product && formUsed ? (
        <Suspense fallback={null}>
          <ProductFormModal open={editing !== null} row={editing?.row ?? null} tree={tree.data ?? []} lockedDistributorId={lockedDistributorId} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </ListPage>
  );
}
