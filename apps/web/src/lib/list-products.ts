import type { ListResult } from '@ullage/contracts/list';
import type { ProductRow } from '@ullage/contracts/settings-more';
import { apiData } from './api-client';
import type { ListParams } from '../components/list-page/list-query';

/** GET /api/product/list: one page of products within the caller's scope. */
export function listProducts(query: ListParams, signal?: AbortSignal): Promise<ListResult<ProductRow>> {
  return apiData<ListResult<ProductRow>>('/api/product/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}
