import type { Language } from '@ullage/domain/languages';
import type { Block } from './markdown/markdown-tree';
import { chapterOf, sortChapters, type ManualChapter } from './manual-document';

/**
 * The manual's text and pictures, straight from docs/manual/ (where translators work): each
 * chapter file is a chunk of its own, fetched only for the language shown, already read into its
 * blocks at build time (`?chapter`: apps/web/build/manual-chapter-plugin.ts); the pictures are
 * hashed assets whose addresses are known here (the files themselves load with the page).
 */
const texts = import.meta.glob<Block[]>('../../../../../docs/manual/*/*.md', { query: '?chapter', import: 'default' });
const pictures = import.meta.glob<string>('../../../../../docs/manual/images/*/*.jpg', { query: '?url', import: 'default', eager: true });

/** `…/docs/manual/<language>/<file>` → [language, file]. */
function split(key: string): [string, string] {
  const parts = key.split('/');
  return [parts[parts.length - 2]!, parts[parts.length - 1]!];
}

export async function loadChapters(language: Language): Promise<ManualChapter[]> {
  const files = Object.entries(texts).filter(([key]) => split(key)[0] === language && !key.includes('/images/'));
  const chapters = await Promise.all(files.map(async ([key, load]) => chapterOf(split(key)[1], await load())));
  return sortChapters(chapters);
}

/** Picture file name → its address, for one language. */
export function pictureUrls(language: Language): ReadonlyMap<string, string> {
  const urls = new Map<string, string>();
  for (const [key, url] of Object.entries(pictures)) {
    const [lang, file] = split(key);
    if (lang === language) urls.set(file, url);
  }
  return urls;
}
