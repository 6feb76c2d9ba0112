import { plainText, type Block, type HeadingBlock } from './markdown/markdown-tree.ts';

/** A `##` or `###` heading with the words under it up to the next heading: what search finds. */
export interface ManualSection {
  id: string;
  level: 2 | 3;
  title: string;
  /** The chapter it belongs to (its `#` id). */
  chapterId: string;
  /** The section's own text, without its subsections. */
  text: string;
}

export interface ManualChapter {
  /** `03-reports.md`: the order of the manual. */
  file: string;
  id: string;
  title: string;
  blocks: Block[];
  sections: ManualSection[];
}

/**
 * One chapter's tree → the chapter with its title and sections. The tree is read from the file
 * at build time (apps/web/build/manual-markdown.ts): the page loads chapters, not Markdown.
 */
export function chapterOf(file: string, blocks: Block[]): ManualChapter {
  const top = blocks.find((b): b is HeadingBlock => b.kind === 'heading' && b.level === 1);
  const id = top?.id ?? file.replace(/\.md$/, '');
  const sections: ManualSection[] = [];
  let current: ManualSection | null = null;
  const words: string[] = [];
  const close = () => {
    if (current) current.text = words.join(' ').replace(/\s+/g, ' ').trim();
    words.length = 0;
  };
  for (const block of blocks) {
    if (block.kind === 'heading') {
      close();
      current = null;
      if (block.level > 1 && block.id) {
        current = { id: block.id, level: block.level as 2 | 3, title: plainText(block.content), chapterId: id, text: '' };
        sections.push(current);
      }
      continue;
    }
    words.push(blockText(block));
  }
  close();
  return { file, id, title: top ? plainText(top.content) : id, blocks, sections };
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return plainText(block.content);
    case 'note':
      return block.paragraphs.map(plainText).join(' ');
    case 'image':
      return block.alt;
    case 'table':
      return [block.header, ...block.rows].map((row) => row.map(plainText).join(' ')).join(' ');
    case 'list':
      return block.items.map((item) => [plainText(item.content), ...item.children.map(blockText)].join(' ')).join(' ');
  }
}

/** Chapters in file order (the files are numbered). */
export function sortChapters(chapters: ManualChapter[]): ManualChapter[] {
  return [...chapters].sort((a, b) => a.file.localeCompare(b.file));
}
