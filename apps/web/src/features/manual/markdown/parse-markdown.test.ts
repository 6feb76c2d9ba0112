import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, plainText } from './parse-markdown';

describe('parseMarkdown: the manual format of docs/manual/README.md', () => {
  it('reads headings with their ids, and a heading without one as id null', () => {
    const blocks = parseMarkdown('# Reports {#reports}\n\n## Daily **inventory** {#daily-inventory}\n\n### No id here\n');
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, id: 'reports', content: [{ kind: 'text', text: 'Reports' }] },
      { kind: 'heading', level: 2, id: 'daily-inventory', content: [{ kind: 'text', text: 'Daily ' }, { kind: 'strong', children: [{ kind: 'text', text: 'inventory' }] }] },
      { kind: 'heading', level: 3, id: null, content: [{ kind: 'text', text: 'No id here' }] },
    ]);
  });

  it('joins the lines of a paragraph and separates paragraphs at blank lines', () => {
    const blocks = parseMarkdown('One line\nand the next.\n\nAnother.');
    expect(blocks.map((b) => b.kind === 'paragraph' && plainText(b.content))).toEqual(['One line and the next.', 'Another.']);
  });

  it('reads bold, italic, code, internal and external links, and escapes', () => {
    expect(parseInline('**Query** then *Export* in `ullage.xlsx`, see [alarms](#level-alarms) or [the site](https://example.org/a) \\*not italic\\*')).toEqual([
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

  it('leaves a lone star or an unclosed mark as text', () => {
    expect(plainText(parseInline('2 * 3 and **open'))).toBe('2 * 3 and **open');
    expect(parseInline('a * b')).toEqual([{ kind: 'text', text: 'a * b' }]);
  });

  it('nests lists by two spaces and keeps ordered and unordered apart', () => {
    const [list] = parseMarkdown('1. Open **Reports**.\n2. Choose:\n  - a station\n  - a day\n    1. deeper\n3. Click **Query**.');
    expect(list?.kind).toBe('list');
    if (list?.kind !== 'list') return;
    expect(list.ordered).toBe(true);
    expect(list.items.map((item) => plainText(item.content))).toEqual(['Open Reports.', 'Choose:', 'Click Query.']);
    const nested = list.items[1]!.children[0]!;
    expect(nested.ordered).toBe(false);
    expect(nested.items.map((item) => plainText(item.content))).toEqual(['a station', 'a day']);
    expect(nested.items[1]!.children[0]!.items.map((item) => plainText(item.content))).toEqual(['deeper']);
  });

  it('reads a table with its header, rows and an escaped pipe', () => {
    const [table] = parseMarkdown('| Column | Meaning |\n|---|---|\n| **Ullage** | room left \\| in litres |\n| Water | `mm` |');
    expect(table?.kind).toBe('table');
    if (table?.kind !== 'table') return;
    expect(table.header.map(plainText)).toEqual(['Column', 'Meaning']);
    expect(table.rows.map((row) => row.map(plainText))).toEqual([
      ['Ullage', 'room left | in litres'],
      ['Water', 'mm'],
    ]);
  });

  it('reads a picture on its own line, and a note over several lines', () => {
    const blocks = parseMarkdown('Text.\n![The daily report](daily-inventory.jpg)\n\n> A **note**\n> goes on.\n>\n> Second part.');
    expect(blocks).toEqual([
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

  it('ends a paragraph where a list, heading or table starts without a blank line', () => {
    const blocks = parseMarkdown('Steps:\n- one\n- two\n## Next {#next}\n| a |\n|---|\n| 1 |');
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'list', 'heading', 'table']);
  });

  it('keeps HTML as text (the format has none)', () => {
    expect(parseMarkdown('<b>x</b>')).toEqual([{ kind: 'paragraph', content: [{ kind: 'text', text: '<b>x</b>' }] }]);
  });
});
