import { lazy, useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ProductInput, ProductRow } from '@ullage/contracts/settings-more';
import { ACCOUNT_TYPES } from '@ullage/domain/organisation';
import type { PageProps } from '../../../app/route-types';
import { createdAtColumn, sortableField } from '../../../components/list-page/columns';
import { useEntityCrud } from '../../../components/list-page/use-entity-crud';
import { SelectFilter } from '../../../components/settings-list/select-filter';
import { SettingsListPage } from '../../../components/settings-list/settings-list-page';
import { countColumn, textColumn } from '../../../components/settings-list/text-columns';
import { useOrgTree } from '../../../lib/org-tree';
import { OrgFilter } from '../../../components/org-filter';
import { companyOptions, distributorOptions } from '../../../lib/org-options';
import { useViewer } from '../../../lib/use-viewer';
import { useDeleteProduct } from '../api/delete-product';
import { exportProducts } from '../api/export-products';
import { moreKeys } from '../api/keys';
import { listProducts } from '../../../lib/list-products';
import { PRODUCT_TYPE_CHOICES, productTypeKey } from '../choices';
import { moreRights } from '../permissions';
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
  const remove = useDeleteProduct();
  const crud = useEntityCrud<ProductRow, Filters>({
    queryKey: moreKeys.products,
    fetch: listProducts,
    filters: { distributorId: undefined, companyId: undefined, type: undefined },
    sortFields: PRODUCT_SORT_FIELDS,
    exportFile: exportProducts,
    exportName: t('route.title.product'),
    remove: remove.mutateAsync,
  });
  const { list } = crud;
  const distributorId = list.state.filters.distributorId;
  const distributors = useMemo(() => distributorOptions(tree.data ?? []), [tree.data]);
  const companies = useMemo(() => companyOptions(tree.data ?? [], distributorId), [tree.data, distributorId]);
  const lockedDistributorId = viewer?.accountType === ACCOUNT_TYPES.distributor ? viewer.orgId : null;

  const missing = t('common.placeholder.missing');
  const columns: ColumnsType<ProductRow> = [
    {
      title: t('settingsMore.product.color'),
      dataIndex: 'color',
      key: 'color',
      width: 70,
      render: (value: string) => <span className="more-swatch" style={{ background: value }} title={value} role="img" aria-label={value} />,
    },
    textColumn(t('settingsMore.product.name'), 'name', { sort: list.sortOrderOf, ellipsis: true, width: 160 }),
    textColumn(t('settingsMore.product.shortName'), 'shortName', { width: 110, missing }),
    { title: t('settingsMore.product.code'), ...sortableField('code', list.sortOrderOf), width: 110 },
    {
      title: t('settingsMore.product.type'),
      ...sortableField('type', list.sortOrderOf),
      width: 110,
      render: (value: string) => {
        const key = productTypeKey(value);
        return key ? t(key) : value;
      },
    },
    textColumn(t('settingsMore.product.distributor'), 'distributorName', { width: 150, ellipsis: true }),
    {
      title: t('settingsMore.product.company'),
      dataIndex: 'companyName',
      key: 'companyName',
      width: 150,
      ellipsis: true,
      render: (value: string | null) => <bdi>{value || t('settingsMore.product.allCompanies')}</bdi>,
    },
    countColumn(t('settingsMore.product.tankCount'), 'tankCount', 80),
    createdAtColumn(t, list.sortOrderOf),
  ];

  return (
    <SettingsListPage
      entity="product"
      title={t(route.titleKey)}
      searchPlaceholder={t('settingsMore.product.search')}
      filters={
        <>
          {distributors.length > 1 ? (
            <OrgFilter
              placeholder={t('settingsOrg.filter.allDistributors')}
              label={t('settingsMore.product.distributor')}
              options={distributors}
              value={distributorId}
              onChange={(value) => list.setState((s) => ({ ...s, page: 1, filters: { ...s.filters, distributorId: value, companyId: undefined } }))}
              testId="product-filter-distributor"
            />
          ) : null}
          <OrgFilter
            placeholder={t('settingsOrg.filter.allCompanies')}
            label={t('settingsMore.product.company')}
            options={companies}
            value={list.state.filters.companyId}
            onChange={(value) => list.setFilter('companyId', value)}
            testId="product-filter-company"
          />
          <SelectFilter
            placeholder={t('settingsMore.filter.allProductTypes')}
            label={t('settingsMore.product.type')}
            options={PRODUCT_TYPE_CHOICES.map((value) => ({ value, label: t(productTypeKey(value)!) }))}
            value={list.state.filters.type}
            onChange={(value) => list.setFilter('type', value)}
            testId="product-filter-type"
          />
        </>
      }
      createLabel={t('settingsMore.product.create')}
      canCreate={rights.product}
      crud={crud}
      columns={columns}
      rowActions={rights.product ? { width: 96, name: (row) => row.name } : undefined}
      form={rights.product ? (subject) => <ProductFormModal {...subject} tree={tree.data ?? []} lockedDistributorId={lockedDistributorId} /> : undefined}
    />
  );
}
