import fs from 'node:fs';
import type { Plugin } from 'vite';
import { manualBlocks } from './manual-markdown.ts';

/** `docs/manual/<language>/<file>.md?chapter`: what features/manual/manual-sources.ts imports. */
const CHAPTER = /\/docs\/manual\/[^/]+\/[^/]+\.md\?chapter$/;

/**
 * The manual's chapters become their trees at build time (issue 37 item 5): each chapter file is
 * a module whose default export is its blocks, so the browser loads no Markdown parser. Only the
 * blocks travel: the chapter's title and sections (its words again, for search) are figured from
 * them in the browser (manual-document.ts chapterOf), which keeps the files within 10 % of the
 * Markdown's size (brotli: 289 KB against 263 KB for the four languages).
 */
export function manualChapters(): Plugin {
  return {
    name: 'ullage-manual-chapters',
    enforce: 'pre',
    load(id) {
      if (!CHAPTER.test(id)) return null;
      const file = id.slice(0, -'?chapter'.length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(manualBlocks(fs.readFileSync(file, 'utf8')))};`;
    },
  };
}
