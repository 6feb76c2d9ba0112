import { useEffect, useState } from 'react';
// The file itself is copied to the build as an asset and fetched when a map without tiles is
// drawn: ~108 KB (~35 KB compressed) kept out of every route's JavaScript.
import worldUrl from 'world-atlas/countries-110m.json?url';
import { outlinePath, type Topology } from './world-outline';

let loading: Promise<string> | null = null;

/** The countries' outlines as a path in world units (world-outline.ts), loaded once per page. */
function loadOutline(): Promise<string> {
  loading ??= fetch(worldUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json() as Promise<Topology>;
    })
    .then((topology) => outlinePath(topology, 'countries'))
    .catch(() => {
      loading = null; // tried again by the next map drawn; meanwhile the graticule alone
      return '';
    });
  return loading;
}

/** The outline path once loaded, when `wanted` (no tiles to show); null before or without. */
export function useWorldOutline(wanted: boolean): string | null {
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadOutline().then((d) => {
      if (live && d) setPath(d);
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return wanted ? path : null;
}
