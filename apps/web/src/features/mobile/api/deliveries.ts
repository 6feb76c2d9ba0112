import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import type { Range } from '../../../lib/day-range';
import { mobileKeys } from '../../../lib/mobile-keys';
import { listDeliveries } from '../../../lib/phone-delivery-list';
import type { DeliveryTotals as Totals } from '../groups';

type Filter = { companyId?: number; stationId?: number; tankId?: number };

/**
 * The count and volume of each group's deliveries in the range (the list's totals, one
 * row fetched): one call per company, station or tank, cached so the next level down reuses
 * what this one fetched.
 */
export function useDeliveryTotals(filters: readonly { id: number; filter: Filter }[], range: Range) {
  return useQueries({
    queries: filters.map(({ filter }) => {
      const query = { ...filter, from: range.from, to: range.to, page: 1, pageSize: 1 };
      return {
        queryKey: mobileKeys.deliveryTotals(query),
        queryFn: ({ signal }: { signal: AbortSignal }): Promise<Totals> =>
          listDeliveries(query, signal).then((list) => ({ count: list.totals.count, deliveredL: list.totals.deliveredL, volumeUnit: list.list[0]?.volumeUnit ?? null })),
        staleTime: 60_000,
      };
    }),
    combine: (results) => {
      const totals = new Map<number, Totals>();
      results.forEach((result, i) => {
        if (result.data) totals.set(filters[i]!.id, result.data);
      });
      return { totals, failed: results.some((r) => r.isError), refetch: () => results.forEach((r) => void r.refetch()) };
    },
  });
}

const PAGE_SIZE = 20;

/** A tank's deliveries in the range, newest first, a page at a time. */
export function useTankDeliveries(tankId: number | undefined, range: Range) {
  const query = { tankId: tankId ?? 0, from: range.from, to: range.to, pageSize: PAGE_SIZE };
  return useInfiniteQuery({
    queryKey: mobileKeys.tankDeliveries(query),
    queryFn: ({ pageParam, signal }) => listDeliveries({ ...query, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    enabled: tankId !== undefined,
  });
}

/**
 * One delivery. The list endpoint has no id filter, but a tank has one delivery per start
 * (unique in the database): its tank and [start, start + 1 ms) find exactly it.
 */
export function useDelivery(id: number | undefined, tankId: number | undefined, at: string | undefined) {
  return useQuery({
    queryKey: mobileKeys.delivery(id ?? 0, tankId ?? 0, at ?? ''),
    queryFn: async ({ signal }) => {
      const from = new Date(at!);
      const to = new Date(from.getTime() + 1);
      const list = await listDeliveries({ tankId: tankId!, from: from.toISOString(), to: to.toISOString(), page: 1, pageSize: 5 }, signal);
      return list.list.find((row) => row.id === id) ?? null;
    },
    enabled: id !== undefined && tankId !== undefined && at !== undefined,
    staleTime: 60_000,
  });
}
