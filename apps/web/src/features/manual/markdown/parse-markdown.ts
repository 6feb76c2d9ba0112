import type { Block, HeadingBlock, Inline, ListBlock, ListItem } from './markdown-tree';

/**
 * The manual's small Markdown (docs/manual/README.md) → a tree. A pure function: the page
 * renders the tree as React elements (no HTML string is ever inserted), the parity test reads
 * ids and pictures from it. Anything outside the format is kept as plain text, never dropped.
 */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const heading = parseHeading(line);
    if (heading) {
      blocks.push(heading);
      i++;
      continue;
    }
    const image = /^!\[([^\]]*)\]\(([^)\s]+)\)\s*$/.exec(line.trim());
    if (image) {
      blocks.push({ kind: 'image', alt: image[1]!, src: image[2]! });
      i++;
      continue;
    }
    if (isNoteLine(line)) {
      const taken: string[] = [];
      while (i < lines.length && isNoteLine(lines[i]!)) taken.push(lines[i++]!.trim().replace(/^>\s?/, ''));
      blocks.push({ kind: 'note', paragraphs: splitParagraphs(taken).map(parseInline) });
      continue;
    }
    if (isTableLine(line) && i + 1 < lines.length && isTableRule(lines[i + 1]!)) {
      const header = splitRow(line).map(parseInline);
      i += 2;
      const rows: Inline[][][] = [];
      while (i < lines.length && isTableLine(lines[i]!)) rows.push(splitRow(lines[i++]!).map(parseInline));
      blocks.push({ kind: 'table', header, rows });
      continue;
    }
    if (listMarker(line)) {
      const taken: string[] = [];
      // A list runs until a blank line followed by something that is not an item.
      while (i < lines.length) {
        const next = lines[i]!;
        if (next.trim() === '') {
          const after = lines[i + 1];
          if (after !== undefined && listMarker(after)) {
            i++;
            continue;
          }
          break;
        }
        if (!listMarker(next) && (parseHeading(next) || isNoteLine(next) || isTableLine(next))) break;
        taken.push(next);
        i++;
      }
      blocks.push(parseList(taken));
      continue;
    }
    const taken: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '' && !startsBlock(lines[i]!, lines[i + 1])) taken.push(lines[i++]!.trim());
    if (taken.length === 0) taken.push(lines[i++]!.trim());
    blocks.push({ kind: 'paragraph', content: parseInline(taken.join(' ')) });
  }
  return blocks;
}

function parseHeading(line: string): HeadingBlock | null {
  const match = /^(#{1,3})\s+(.*?)\s*$/.exec(line);
  if (!match) return null;
  const level = match[1]!.length as 1 | 2 | 3;
  const id = /\s*\{#([^}\s]+)\}$/.exec(match[2]!);
  const title = id ? match[2]!.slice(0, id.index) : match[2]!;
  return { kind: 'heading', level, id: id ? id[1]! : null, content: parseInline(title.trim()) };
}

const isNoteLine = (line: string) => /^\s*>(\s|$)/.test(line);
const isTableLine = (line: string) => line.trim().startsWith('|');
const isTableRule = (line: string) => /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line);

function startsBlock(line: string, next: string | undefined): boolean {
  return (
    parseHeading(line) !== null ||
    isNoteLine(line) ||
    listMarker(line) !== null ||
    /^!\[[^\]]*\]\([^)\s]+\)\s*$/.test(line.trim()) ||
    (isTableLine(line) && next !== undefined && isTableRule(next))
  );
}

function splitParagraphs(lines: readonly string[]): string[] {
  const paragraphs: string[] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line.trim() === '') {
      if (current.length) paragraphs.push(current.join(' '));
      current = [];
    } else current.push(line.trim());
  }
  if (current.length) paragraphs.push(current.join(' '));
  return paragraphs;
}

/** Cells of `| a | b |`; `\|` is a pipe inside a cell. */
function splitRow(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  const text = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\' && text[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (ch === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

interface Marker {
  indent: number;
  ordered: boolean;
  text: string;
}

function listMarker(line: string): Marker | null {
  const match = /^( *)([-*]|\d+[.)])\s+(.*)$/.exec(line);
  if (!match) return null;
  return { indent: match[1]!.length, ordered: /\d/.test(match[2]!), text: match[3]! };
}

/**
 * Items by indentation: two spaces more than the item above nests a list under it; a line
 * without a marker continues the item above.
 */
function parseList(lines: readonly string[]): ListBlock {
  const first = listMarker(lines[0]!)!;
  const root: ListBlock = { kind: 'list', ordered: first.ordered, items: [] };
  const stack: Array<{ indent: number; list: ListBlock }> = [{ indent: first.indent, list: root }];
  const texts = new Map<ListItem, string>();
  let last: ListItem | null = null;
  for (const line of lines) {
    const marker = listMarker(line);
    if (!marker) {
      if (last) texts.set(last, `${texts.get(last) ?? ''} ${line.trim()}`);
      continue;
    }
    while (stack.length > 1 && marker.indent < stack[stack.length - 1]!.indent) stack.pop();
    let top = stack[stack.length - 1]!;
    if (marker.indent > top.indent && last) {
      const nested: ListBlock = { kind: 'list', ordered: marker.ordered, items: [] };
      last.children.push(nested);
      top = { indent: marker.indent, list: nested };
      stack.push(top);
    }
    const item: ListItem = { content: [], children: [] };
    texts.set(item, marker.text);
    top.list.items.push(item);
    last = item;
  }
  for (const [item, text] of texts) item.content = parseInline(text.trim());
  return root;
}

/** `**bold**`, `*italic*`, `` `code` ``, `[text](href)`; `\x` is a literal x. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ kind: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i) {
        flush();
        out.push({ kind: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (text.startsWith('**', i)) {
      const end = text.indexOf('**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ kind: 'strong', children: parseInline(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (ch === '*' && text[i + 1] !== ' ') {
      const end = findClosingStar(text, i + 1);
      if (end > i + 1) {
        flush();
        out.push({ kind: 'em', children: parseInline(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (ch === '[') {
      const link = /^\[([^\]]*)\]\(([^)\s]+)\)/.exec(text.slice(i));
      if (link) {
        flush();
        out.push({ kind: 'link', href: link[2]!, children: parseInline(link[1]!) });
        i += link[0].length;
        continue;
      }
    }
    plain += ch;
    i++;
  }
  flush();
  return out;
}

/** The `*` closing an italic: a single star (not half of `**`) not preceded by a space. */
function findClosingStar(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i) i = end;
      continue;
    }
    if (text[i] === '*') {
      if (text[i + 1] === '*') {
        const end = text.indexOf('**', i + 2);
        if (end < 0) return -1;
        i = end + 1;
        continue;
      }
      return text[i - 1] === ' ' ? -1 : i;
    }
  }
  return -1;
}

/** The words of inline content, as search and the table of contents show them. */
export function plainText(content: readonly Inline[]): string {
  return content.map((node) => (node.kind === 'text' || node.kind === 'code' ? node.text : plainText(node.children))).join('');
}
