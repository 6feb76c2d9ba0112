import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { drillHref, parseDrill, type DrillPlace } from '../../lib/drill-place';
import { rangeOr, type Range } from '../../lib/day-range';

/**
 * The place of a delivery page and its range, both from the address; changing the range
 * rewrites the address (replace: the range is not a step back).
 */
export function useDeliveryPlace() {
  const location = useLocation();
  const navigate = useNavigate();
  const place = useMemo(() => parseDrill(location.search), [location.search]);
  // The default range is fixed for the visit, so its queries keep one key.
  const range = useMemo(() => rangeOr(place, new Date()), [place]);
  const setRange = (next: Range) => navigate(drillHref(location.pathname, { ...place, from: next.from, to: next.to }), { replace: true });
  const href = (path: string, extra: DrillPlace) => drillHref(path, { ...extra, from: range.from, to: range.to });
  return { place, range, setRange, href };
}
