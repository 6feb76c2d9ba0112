import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { trackLoad } from '../lib/progress-store';
import { ChunkLoadError, withTimeout } from '../lib/with-timeout';
import type { PageProps, RouteDef } from './route-types';

/** Spec §2/§9: a page that has not loaded after 120 s counts as a network failure. */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

/** Wraps a dynamic import: timed out, reported to the progress bar, shaped for React.lazy. */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    trackLoad(withTimeout(load(), PAGE_LOAD_TIMEOUT_MS)).then(
      (component) => ({ default: component }),
      // Whatever the browser's wording (fetch failed, CSS preload failed, timed out), the
      // page did not arrive: the error boundary shows it as a network error.
      (error: unknown) => {
        throw new ChunkLoadError(error);
      },
    ),
  );
}

// One lazy component per page module, made once: React.lazy must not be recreated on
// render, and routes sharing a module (the placeholder) should not suspend once per route.
const pages = new Map<RouteDef['load'], LazyExoticComponent<ComponentType<PageProps>>>();

function pageOf(def: RouteDef): LazyExoticComponent<ComponentType<PageProps>> {
  let page = pages.get(def.load);
  if (!page) {
    page = lazyComponent(() => def.load().then((module) => module.Page));
    pages.set(def.load, page);
  }
  return page;
}

/** Starts fetching a route's page ahead of rendering it (the browser keeps one copy per module). */
export function preloadPage(def: RouteDef): void {
  def.load().catch(() => {
    // The render will try again and show the failure.
  });
}

/** Renders a route's page, loading it on first use; a failed load shows the network error. */
export function RoutePage({ def }: { def: RouteDef }) {
  const Page = pageOf(def);
  return (
    <PageErrorBoundary>
      <Suspense fallback={null}>
        <Page route={def} />
      </Suspense>
    </PageErrorBoundary>
  );
}
