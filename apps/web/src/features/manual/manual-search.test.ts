import { describe, expect, it } from 'vitest';
import { readChapter } from '../../../build/manual-markdown';
import { highlight, searchManual } from './manual-search';

const chapter = readChapter(
  '05-alarms.md',
  [
    '# Alarms {#alarms}',
    '## Level alarms {#level-alarms}',
    'The list of level alarms since 2013, with codes such as 130.',
    '## Alarm reference {#alarm-reference}',
    '### 13 Low alarm {#alarm-level-13}',
    'The product fell below the low limit.',
    '### 61 Sales against gauge {#alarm-leak-61}',
    'Pumps and gauge disagree; see code 13 too.',
    '## 交付 {#deliveries}',
    '卸油记录显示每次卸油。',
  ].join('\n'),
);

describe('searchManual', () => {
  it('finds an alarm code as a whole number, its own section first', () => {
    const found = searchManual([chapter], '13').map((r) => r.section.id);
    expect(found).toEqual(['alarm-level-13', 'alarm-leak-61']);
  });

  it('needs every word, in any case, and marks them', () => {
    const [first, ...rest] = searchManual([chapter], 'low ALARM');
    expect(first?.section.id).toBe('alarm-level-13');
    expect(rest).toEqual([]);
    expect(first?.title.filter((s) => s.hit).map((s) => s.text)).toEqual(['Low', 'alarm']);
  });

  it('finds words written without spaces (Chinese) inside the text', () => {
    const [found] = searchManual([chapter], '卸油');
    expect(found?.section.id).toBe('deliveries');
    expect(found?.snippet.some((s) => s.hit && s.text === '卸油')).toBe(true);
  });

  it('answers nothing for an empty query or no match', () => {
    expect(searchManual([chapter], '   ')).toEqual([]);
    expect(searchManual([chapter], 'tanker')).toEqual([]);
  });

  it('splits a text into plain and marked pieces', () => {
    expect(highlight('Low alarm, low limit', ['low'])).toEqual([
      { text: 'Low', hit: true },
      { text: ' alarm, ', hit: false },
      { text: 'low', hit: true },
      { text: ' limit', hit: false },
    ]);
  });
});
