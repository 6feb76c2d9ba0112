import { describe, expect, it } from 'vitest';
import { plainText, type Block } from '../src/features/manual/markdown/markdown-tree.ts';
import { manualBlocks } from './manual-markdown.ts';

const paragraphOf = (source: string) => {
  const [block] = manualBlocks(source);
  if (block?.kind !== 'paragraph') throw new Error(`not a paragraph: ${JSON.stringify(block)}`);
  return block.content;
};

describe('manualBlocks: the manual format of docs/manual/README.md, read at build time', () => {
  it('reads headings with their ids, and a heading without one as id null', () => {
    expect(manualBlocks('# Reports {#reports}\n\n## Daily **inventory** {#daily-inventory}\n\n### No id here\n')).toEqual([
      { kind: 'heading', level: 1, id: 'reports', content: [{ kind: 'text', text: 'Reports' }] },
      { kind: 'heading', level: 2, id: 'daily-inventory', content: [{ kind: 'text', text: 'Daily ' }, { kind: 'strong', children: [{ kind: 'text', text: 'inventory' }] }] },
      { kind: 'heading', level: 3, id: null, content: [{ kind: 'text', text: 'No id here' }] },
    ]);
  });

  it('keeps a fourth-level heading, outside the format, as its text', () => {
    expect(manualBlocks('#### Deeper {#deeper}')).toEqual([{ kind: 'paragraph', content: [{ kind: 'text', text: '#### Deeper {#deeper}' }] }]);
  });

  it('joins the lines of a paragraph and separates paragraphs at blank lines', () => {
    const blocks = manualBlocks('One line\nand the next.\n\nAnother.');
    expect(blocks.map((b) => b.kind === 'paragraph' && plainText(b.content))).toEqual(['One line and the next.', 'Another.']);
  });

  it('reads bold, italic, code, internal and external links, and escapes', () => {
    expect(paragraphOf('**Query** then *Export* in `ullage.xlsx`, see [alarms](#level-alarms) or [the site](https://example.org/a) \\*not italic\\*')).toEqual([
      { kind: 'strong', children: [{ kind: 'text', text: 'Query' }] },
      { kind: 'text', text: ' then ' },
      { kind: 'em', children: [{ kind: 'text', text: 'Export' }] },
      { kind: 'text', text: ' in ' },
      { kind: 'code', text: 'ullage.xlsx' },
      { kind: 'text', text: ', see ' },
      { kind: 'link', href: '#level-alarms', children: [{ kind: 'text', text: 'alarms' }] },
      { kind: 'text', text: ' or ' },
      { kind: 'link', href: 'https://example.org/a', children: [{ kind: 'text', text: 'the site' }] },
      { kind: 'text', text: ' *not italic*' },
    ]);
  });

  it('closes bold after a full-width bracket followed by a Han character, as Chinese text writes it', () => {
    expect(paragraphOf('填写**票据量（可选）**和**票据号**。')).toEqual([
      { kind: 'text', text: '填写' },
      { kind: 'strong', children: [{ kind: 'text', text: '票据量（可选）' }] },
      { kind: 'text', text: '和' },
      { kind: 'strong', children: [{ kind: 'text', text: '票据号' }] },
      { kind: 'text', text: '。' },
    ]);
  });

  it('leaves a lone star or an unclosed mark as text', () => {
    expect(plainText(paragraphOf('2 * 3 and **open'))).toBe('2 * 3 and **open');
    expect(paragraphOf('a * b')).toEqual([{ kind: 'text', text: 'a * b' }]);
  });

  it('nests lists under an item’s text (two spaces under "- ", three under "1. ") and keeps ordered and unordered apart', () => {
    const [list] = manualBlocks('1. Open **Reports**.\n2. Choose:\n   - a station\n   - a day\n     1. deeper\n3. Click **Query**.');
    expect(list?.kind).toBe('list');
    if (list?.kind !== 'list') return;
    expect(list.ordered).toBe(true);
    expect(list.start).toBeUndefined();
    expect(list.items.map((item) => plainText(item.content))).toEqual(['Open Reports.', 'Choose:', 'Click Query.']);
    const nested = list.items[1]!.children[0]!;
    expect(nested.ordered).toBe(false);
    expect(nested.items.map((item) => plainText(item.content))).toEqual(['a station', 'a day']);
    expect(nested.items[1]!.children[0]!.items.map((item) => plainText(item.content))).toEqual(['deeper']);
  });

  it('puts a table indented under a step after that step, and goes on with the next number', () => {
    const blocks = manualBlocks('1. One.\n2. Two:\n\n   | a | b |\n   |---|---|\n   | 1 | 2 |\n\n3. Three.\n');
    expect(blocks.map((b) => b.kind)).toEqual(['list', 'table', 'list']);
    const [first, , rest] = blocks as [Extract<Block, { kind: 'list' }>, Block, Extract<Block, { kind: 'list' }>];
    expect(first.items.map((item) => plainText(item.content))).toEqual(['One.', 'Two:']);
    expect(rest.start).toBe(3);
    expect(rest.items.map((item) => plainText(item.content))).toEqual(['Three.']);
  });

  it('reads a table with its header, rows and an escaped pipe', () => {
    const [table] = manualBlocks('| Column | Meaning |\n|---|---|\n| **Ullage** | room left \\| in litres |\n| Water | `mm` |');
    expect(table?.kind).toBe('table');
    if (table?.kind !== 'table') return;
    expect(table.header.map(plainText)).toEqual(['Column', 'Meaning']);
    expect(table.rows.map((row) => row.map(plainText))).toEqual([
      ['Ullage', 'room left | in litres'],
      ['Water', 'mm'],
    ]);
  });

  it('reads a picture on its own line, even right under a paragraph, and a note over several lines', () => {
    expect(manualBlocks('Text.\n![The daily report](daily-inventory.jpg)\n\n> A **note**\n> goes on.\n>\n> Second part.')).toEqual([
      { kind: 'paragraph', content: [{ kind: 'text', text: 'Text.' }] },
      { kind: 'image', alt: 'The daily report', src: 'daily-inventory.jpg' },
      {
        kind: 'note',
        paragraphs: [
          [{ kind: 'text', text: 'A ' }, { kind: 'strong', children: [{ kind: 'text', text: 'note' }] }, { kind: 'text', text: ' goes on.' }],
          [{ kind: 'text', text: 'Second part.' }],
        ],
      },
    ]);
  });

  it('keeps a picture inside a line as its text (the format puts pictures on lines of their own)', () => {
    expect(paragraphOf('See ![x](x.jpg) here')).toEqual([{ kind: 'text', text: 'See ![x](x.jpg) here' }]);
  });

  it('ends a paragraph where a list, heading or table starts without a blank line', () => {
    const blocks = manualBlocks('Steps:\n- one\n- two\n## Next {#next}\n| a |\n|---|\n| 1 |');
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'list', 'heading', 'table']);
  });

  it('keeps HTML as text (the format has none)', () => {
    expect(manualBlocks('<b>x</b>')).toEqual([{ kind: 'paragraph', content: [{ kind: 'text', text: '<b>x</b>' }] }]);
    expect(manualBlocks('a <i>b</i> c')).toEqual([{ kind: 'paragraph', content: [{ kind: 'text', text: 'a <i>b</i> c' }] }]);
  });
});
