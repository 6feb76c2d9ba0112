import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

/** The list public/sw.js fetches at install; at the site's root, not hashed, so the worker knows its name. */
export const MANUAL_PRECACHE_FILE = 'manual-precache.json';

const MANUAL_PAGE = /features\/manual\/pages\/manual-page\.tsx$/;
const MANUAL_TEXT = /docs\/manual\/[^/]+\/[^/]+\.md/;
/** The texts the manual's tab needs in every language: the core bundle (boot) and the manual's own. */
const LOCALE_BUNDLE = /^\0virtual:locale\/\w+\/(core|manual)$/;

/**
 * Writes the hashed files the operation manual needs beside index.html's own: its page chunk
 * and what it imports, its CSS, the four languages' chapter chunks and their interface texts.
 * The service worker caches them at install (issue 24: the manual is reachable offline once the
 * app is installed); pictures are cached as they are fetched.
 */
export function manualPrecache(): Plugin {
  return {
    name: 'ullage-manual-precache',
    apply: 'build',
    generateBundle(_options, bundle: Rollup.OutputBundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const wanted = new Set<string>();
      const add = (chunk: OutputChunk) => {
        if (wanted.has(chunk.fileName)) return;
        wanted.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) wanted.add(css);
        for (const name of chunk.imports) {
          const imported = byName.get(name);
          if (imported) add(imported);
        }
      };
      for (const chunk of chunks) {
        const id = chunk.facadeModuleId ?? '';
        if (MANUAL_PAGE.test(id) || MANUAL_TEXT.test(id) || LOCALE_BUNDLE.test(id)) add(chunk);
      }
      if (![...wanted].some((file) => MANUAL_PAGE.test(byName.get(file)?.facadeModuleId ?? ''))) {
        this.error('manual-precache: the manual page chunk was not found (features/manual/pages/manual-page.tsx moved?)');
      }
      const urls = [...wanted].sort().map((file) => `/${file}`);
      this.emitFile({ type: 'asset', fileName: MANUAL_PRECACHE_FILE, source: `${JSON.stringify(urls, null, 1)}\n` });
    },
  };
}
