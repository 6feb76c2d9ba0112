import { z } from 'zod';

/** The most rows a list answers in one page. */
export const PAGE_SIZE_MAX = 200;

/** Paging, sorting and search shared by every settings and report list. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
  /** A column the endpoint allows sorting by; others are refused with 91011. */
  sortField: z.string().max(50).optional(),
  sortOrder: z.enum(['ascend', 'descend']).optional(),
  /** Free-text search over the list's name and code columns. */
  q: z.string().max(100).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

const orgId = z.coerce.number().int().min(1);

/** Where a report's or a data page's rows are: the organisation tree, the area, the station. */
export const placeFilters = {
  distributorId: orgId.optional(),
  companyId: orgId.optional(),
  areaId: orgId.optional(),
  stationId: orgId.optional(),
};

/** The same, narrowed to a tank or a product. */
export const tankFilters = { ...placeFilters, tankId: orgId.optional(), productId: orgId.optional() };

export function listResultOf<T extends z.ZodType>(row: T) {
  return z.object({ list: z.array(row), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}
export interface ListResult<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
