/**
 * The tree the manual's Markdown becomes at build time (docs/manual/README.md, "The format";
 * apps/web/build/manual-markdown.ts): exactly what that format allows, nothing more, so the
 * renderer has one case per construct and no HTML.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'code'; text: string }
  /** `#id` inside the manual, or an absolute http(s) address outside it. */
  | { kind: 'link'; href: string; children: Inline[] };

export interface ListItem {
  content: Inline[];
  /** Lists nested under this item (indented two spaces more). */
  children: ListBlock[];
}

export interface ListBlock {
  kind: 'list';
  ordered: boolean;
  items: ListItem[];
  /** An ordered list's first number when it is not 1 (steps going on after a table). */
  start?: number;
}

export interface HeadingBlock {
  kind: 'heading';
  level: 1 | 2 | 3;
  /** Null when the heading carries no `{#id}` (the parity test refuses that). */
  id: string | null;
  content: Inline[];
}

export type Block =
  | HeadingBlock
  | { kind: 'paragraph'; content: Inline[] }
  | ListBlock
  | { kind: 'table'; header: Inline[][]; rows: Inline[][][] }
  /** `src` is a bare file name, resolved against the language's picture folder. */
  | { kind: 'image'; alt: string; src: string }
  /** Consecutive `> ` lines; a bare `>` line separates its paragraphs. */
  | { kind: 'note'; paragraphs: Inline[][] };

/** The words of inline content, as search and the table of contents show them. */
export function plainText(content: readonly Inline[]): string {
  return content.map((node) => (node.kind === 'text' || node.kind === 'code' ? node.text : plainText(node.children))).join('');
}
