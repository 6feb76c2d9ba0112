import { useQuery } from '@tanstack/react-query';
import type { DemoHistory } from '@ullage/contracts/demo-history';
import { apiData } from './api-client';

/** How often the banner asks while the replay runs (it answers without touching the database). */
const POLL_MS = 3_000;

/**
 * GET /api/demo/history: how far the demo's history replay has got (the first `npm start` on
 * an empty embedded database). Asked once per page load; again every few seconds only while
 * it is loading, and never again once it is over.
 */
export function useDemoHistory(): DemoHistory | undefined {
  const { data } = useQuery({
    queryKey: ['demo', 'history'],
    // A background check: no overlay, and a failure (an older server, a blip) shows nothing.
    queryFn: () => apiData<DemoHistory>('/api/demo/history', { overlay: false, notify: false }),
    staleTime: Infinity,
    retry: false,
    refetchInterval: (query) => (query.state.data?.loading ? POLL_MS : false),
  });
  return data;
}
