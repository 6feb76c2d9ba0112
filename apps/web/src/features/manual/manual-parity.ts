import type { Block, Inline, ListBlock } from './markdown/markdown-tree';
import { readChapter } from '../../../build/manual-markdown';
import type { ManualChapter } from './manual-document';

/** One language's manual: file name → its chapter. */
export type LanguageManual = ReadonlyMap<string, ManualChapter>;

export function readLanguage(files: Readonly<Record<string, string>>): LanguageManual {
  return new Map(Object.entries(files).map(([file, source]) => [file, readChapter(file, source)]));
}

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The pictures of a chapter, each with the section (`##`/`###` id) it sits in. */
export function picturesBySection(chapter: ManualChapter): string[] {
  const out: string[] = [];
  let section = chapter.id;
  for (const block of chapter.blocks) {
    if (block.kind === 'heading' && block.level > 1) section = block.id ?? '?';
    if (block.kind === 'image') out.push(`${section}: ${block.src}`);
  }
  return out;
}

function linksOfInline(content: readonly Inline[]): string[] {
  return content.flatMap((node) => (node.kind === 'link' ? [node.href, ...linksOfInline(node.children)] : node.kind === 'strong' || node.kind === 'em' ? linksOfInline(node.children) : []));
}

function linksOfList(list: ListBlock): string[] {
  return list.items.flatMap((item) => [...linksOfInline(item.content), ...item.children.flatMap(linksOfList)]);
}

export function linksOf(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block) => {
    switch (block.kind) {
      case 'heading':
      case 'paragraph':
        return linksOfInline(block.content);
      case 'note':
        return block.paragraphs.flatMap(linksOfInline);
      case 'table':
        return [block.header, ...block.rows].flatMap((row) => row.flatMap(linksOfInline));
      case 'list':
        return linksOfList(block);
      case 'image':
        return [];
    }
  });
}

/** Every id of a language: chapter ids and `##`/`###` ids. */
export function idsOf(manual: LanguageManual): string[] {
  return [...manual.values()].flatMap((chapter) => [chapter.id, ...chapter.sections.map((s) => s.id)]);
}

/** What is wrong inside one language: headings without an id, bad or repeated ids, links to no id. */
export function languageProblems(language: string, manual: LanguageManual): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const chapter of manual.values()) {
    for (const block of chapter.blocks) {
      if (block.kind !== 'heading') continue;
      if (!block.id) problems.push(`${language}/${chapter.file}: a level-${block.level} heading has no {#id}`);
      else if (!ID.test(block.id)) problems.push(`${language}/${chapter.file}: id "${block.id}" is not lower-case letters, digits and hyphens`);
      else if (seen.has(block.id)) problems.push(`${language}/${chapter.file}: id "${block.id}" is used twice`);
      if (block.id) seen.add(block.id);
    }
  }
  for (const chapter of manual.values()) {
    for (const href of linksOf(chapter.blocks)) {
      if (href.startsWith('#') && !seen.has(href.slice(1))) problems.push(`${language}/${chapter.file}: a link goes to ${href}, which is no section`);
      else if (!href.startsWith('#') && !/^https?:\/\//.test(href)) problems.push(`${language}/${chapter.file}: a link goes to "${href}" (only #id or http(s) addresses)`);
    }
  }
  return problems;
}

/**
 * What a translation lacks against the reference: a file, a section (or its order), a
 * picture or the section it sits in. An empty answer means the two have the same shape.
 */
export function parityProblems(language: string, manual: LanguageManual, reference: LanguageManual): string[] {
  const problems: string[] = [];
  const files = [...reference.keys()].sort();
  const own = [...manual.keys()].sort();
  for (const file of files) if (!manual.has(file)) problems.push(`${language}: ${file} is missing`);
  for (const file of own) if (!reference.has(file)) problems.push(`${language}: ${file} is not in the reference language`);
  for (const file of files) {
    const ref = reference.get(file);
    const mine = manual.get(file);
    if (!ref || !mine) continue;
    if (mine.id !== ref.id) problems.push(`${language}/${file}: chapter id "${mine.id}", expected "${ref.id}"`);
    const refIds = ref.sections.map((s) => `${'#'.repeat(s.level)} ${s.id}`);
    const myIds = mine.sections.map((s) => `${'#'.repeat(s.level)} ${s.id}`);
    const missing = refIds.filter((id) => !myIds.includes(id));
    const extra = myIds.filter((id) => !refIds.includes(id));
    for (const id of missing) problems.push(`${language}/${file}: section ${id} is missing`);
    for (const id of extra) problems.push(`${language}/${file}: section ${id} is not in the reference language`);
    if (!missing.length && !extra.length && refIds.join() !== myIds.join()) problems.push(`${language}/${file}: the sections are in another order`);
    const refPictures = picturesBySection(ref);
    const myPictures = picturesBySection(mine);
    if (refPictures.join('\n') !== myPictures.join('\n')) {
      problems.push(`${language}/${file}: pictures differ — expected [${refPictures.join('; ')}], found [${myPictures.join('; ')}]`);
    }
  }
  return problems;
}
