import type { Heading, List, Nodes, Paragraph, PhrasingContent, RootContent, Table } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { cjkFriendlyExtension } from 'micromark-extension-cjk-friendly';
import { gfmTable } from 'micromark-extension-gfm-table';
import type { Block, HeadingBlock, Inline, ListBlock } from '../src/features/manual/markdown/markdown-tree.ts';
import { chapterOf, type ManualChapter } from '../src/features/manual/manual-document.ts';

/**
 * The manual's Markdown (docs/manual/README.md, "The format") → the tree the page renders, at
 * build time: mdast-util-from-markdown (micromark, CommonMark with GFM tables) parses it, and this
 * keeps exactly what the format allows. Anything outside the format is kept as its plain source
 * text, never dropped. The browser receives the tree, not a parser.
 *
 * CommonMark does not close `**` after a full-width bracket followed by a Han character
 * (`**票据量（可选）**和`), which Chinese text does all the time: micromark-extension-cjk-friendly
 * lets it.
 */
export function manualBlocks(source: string): Block[] {
  const tree = fromMarkdown(source, { extensions: [gfmTable(), cjkFriendlyExtension()], mdastExtensions: [gfmTableFromMarkdown()] });
  const sourceOf = (node: Nodes) => source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
  return tree.children.flatMap((node) => blocksOf(node, sourceOf));
}

/** One chapter file → its tree, title and sections (what the page, its search and its contents read). */
export function readChapter(file: string, source: string): ManualChapter {
  return chapterOf(file, manualBlocks(source));
}

type SourceOf = (node: Nodes) => string;

function blocksOf(node: RootContent, sourceOf: SourceOf): Block[] {
  switch (node.type) {
    case 'heading':
      return [headingOf(node, sourceOf)];
    case 'paragraph':
      return paragraphBlocks(node, sourceOf);
    case 'list':
      return listBlocks(node, sourceOf);
    case 'table':
      return [tableOf(node, sourceOf)];
    case 'blockquote':
      return [{ kind: 'note', paragraphs: node.children.map((child) => (child.type === 'paragraph' ? inlinesOf(child.children, sourceOf) : plain(sourceOf(child)))) }];
    case 'definition':
      return [];
    default:
      return [{ kind: 'paragraph', content: plain(sourceOf(node)) }];
  }
}

/**
 * A paragraph, cut where a picture stands on a line of its own (CommonMark reads
 * `Text.\n![…](x.jpg)` as one paragraph; the format, as a picture after the text).
 */
function paragraphBlocks(node: Paragraph, sourceOf: SourceOf): Block[] {
  const blocks: Block[] = [];
  let words: PhrasingContent[] = [];
  const flush = () => {
    const content = inlinesOf(words, sourceOf);
    if (content.some((inline) => inline.kind !== 'text' || inline.text.trim() !== '')) blocks.push({ kind: 'paragraph', content: trimmed(content) });
    words = [];
  };
  node.children.forEach((child, i) => {
    const before = node.children[i - 1];
    const after = node.children[i + 1];
    const ownLine = (!before || (before.type === 'text' && /\n\s*$/.test(before.value))) && (!after || (after.type === 'text' && /^\s*\n/.test(after.value)));
    if (child.type === 'image' && ownLine) {
      flush();
      blocks.push({ kind: 'image', alt: child.alt ?? '', src: child.url });
    } else words.push(child);
  });
  flush();
  return blocks;
}

/** Without the spaces a cut paragraph keeps at its ends. */
function trimmed(content: Inline[]): Inline[] {
  const first = content[0];
  const last = content[content.length - 1];
  if (first?.kind === 'text') first.text = first.text.trimStart();
  if (last?.kind === 'text') last.text = last.text.trimEnd();
  return content.filter((inline) => !(inline.kind === 'text' && inline.text === ''));
}

/** `# Title {#id}`: levels 1 to 3; a deeper one is not in the format and stays text. */
function headingOf(node: Heading, sourceOf: SourceOf): Block {
  if (node.depth > 3) return { kind: 'paragraph', content: plain(sourceOf(node)) };
  const content = inlinesOf(node.children, sourceOf);
  let id: string | null = null;
  const last = content[content.length - 1];
  if (last?.kind === 'text') {
    const match = /\s*\{#([^}\s]+)\}\s*$/.exec(last.text);
    if (match) {
      id = match[1]!;
      last.text = last.text.slice(0, match.index).trimEnd();
      if (last.text === '') content.pop();
    }
  }
  return { kind: 'heading', level: node.depth as HeadingBlock['level'], id, content };
}

/**
 * A list as the format has it: items of words with lists nested under them. Anything else under
 * an item (a table indented under a step) follows the list, which goes on after it from the
 * next number.
 */
function listBlocks(node: List, sourceOf: SourceOf): Block[] {
  const blocks: Block[] = [];
  const ordered = node.ordered === true;
  let number = node.start ?? 1;
  let list: ListBlock | null = null;
  for (const item of node.children) {
    const content: Inline[] = [];
    const children: ListBlock[] = [];
    const after: Block[] = [];
    for (const child of item.children) {
      if (child.type === 'list') children.push(listOf(child, sourceOf));
      else if (child.type === 'paragraph') {
        // Lines of one item are one run of words, as in a paragraph.
        if (content.length) content.push({ kind: 'text', text: ' ' });
        content.push(...inlinesOf(child.children, sourceOf));
      } else after.push(...blocksOf(child, sourceOf));
    }
    if (!list) {
      list = { kind: 'list', ordered, items: [], ...(ordered && number !== 1 ? { start: number } : {}) };
      blocks.push(list);
    }
    list.items.push({ content: merged(content), children });
    number++;
    if (after.length) {
      blocks.push(...after);
      list = null;
    }
  }
  return blocks;
}

/** A nested list: its items' words and lists (what else it holds is kept as words). */
function listOf(node: List, sourceOf: SourceOf): ListBlock {
  return {
    kind: 'list',
    ordered: node.ordered === true,
    items: node.children.map((item) => {
      const content: Inline[] = [];
      const children: ListBlock[] = [];
      for (const child of item.children) {
        if (child.type === 'list') children.push(listOf(child, sourceOf));
        else {
          if (content.length) content.push({ kind: 'text', text: ' ' });
          content.push(...(child.type === 'paragraph' ? inlinesOf((child as Paragraph).children, sourceOf) : plain(sourceOf(child))));
        }
      }
      return { content: merged(content), children };
    }),
  };
}

function tableOf(node: Table, sourceOf: SourceOf): Block {
  const [head, ...rows] = node.children.map((row) => row.children.map((cell) => inlinesOf(cell.children, sourceOf)));
  return { kind: 'table', header: head ?? [], rows };
}

function inlinesOf(nodes: readonly PhrasingContent[], sourceOf: SourceOf): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        // A line break inside a paragraph is a space, as when the browser lays out the words.
        out.push({ kind: 'text', text: node.value.replace(/[ \t]*\n[ \t]*/g, ' ') });
        break;
      case 'strong':
        out.push({ kind: 'strong', children: inlinesOf(node.children, sourceOf) });
        break;
      case 'emphasis':
        out.push({ kind: 'em', children: inlinesOf(node.children, sourceOf) });
        break;
      case 'inlineCode':
        out.push({ kind: 'code', text: node.value });
        break;
      case 'link':
        out.push({ kind: 'link', href: node.url, children: inlinesOf(node.children, sourceOf) });
        break;
      case 'break':
        out.push({ kind: 'text', text: ' ' });
        break;
      default:
        out.push(...plain(sourceOf(node)));
    }
  }
  return merged(out);
}

const plain = (text: string): Inline[] => (text ? [{ kind: 'text', text: text.replace(/\s*\n\s*/g, ' ') }] : []);

/** Neighbouring texts as one (the tree has one text node between two marks). */
function merged(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    const previous = out[out.length - 1];
    if (node.kind === 'text' && previous?.kind === 'text') previous.text += node.text;
    else if (!(node.kind === 'text' && node.text === '')) out.push(node);
  }
  return out;
}
