import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from 'react-router';
import type { ListState } from './list-query';

/**
 * Filters a link put in a list page's address (home, the monitor, another report's row): each
 * address is applied once, on the first page, so coming back to the kept-alive tab keeps what
 * the user chose since. `parse` answers the filters the address asks for, or null for none.
 */
export function useAddressFilters<F extends Record<string, string | number | undefined>>(path: string, setState: Dispatch<SetStateAction<ListState<F>>>, parse: (search: string, current: F) => F | null): void {
  const location = useLocation();
  const applied = useRef('');
  useEffect(() => {
    if (location.pathname !== path || location.search === applied.current) return;
    applied.current = location.search;
    setState((current) => {
      const asked = parse(location.search, current.filters);
      return asked ? { ...current, filters: asked, page: 1 } : current;
    });
  }, [location.pathname, location.search, path, setState, parse]);
}
