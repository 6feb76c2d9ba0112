import type { ManualChapter, ManualSection } from './manual-document';

/** A piece of a title or snippet; `hit` pieces are what the query matched (shown marked). */
export interface Segment {
  text: string;
  hit: boolean;
}

export interface SearchResult {
  section: ManualSection;
  title: Segment[];
  snippet: Segment[];
}

/**
 * A query term as a pattern: a number matches only as a whole number (an alarm code `13` is
 * not the `13` of `2013`); words match anywhere, case-insensitively, so a word in Chinese,
 * written without spaces, is found too.
 */
function termPattern(term: string): RegExp {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return /^\d+$/.test(term) ? new RegExp(`(?<!\\d)${escaped}(?!\\d)`, 'giu') : new RegExp(escaped, 'giu');
}

export function queryTerms(query: string): string[] {
  return [...new Set(query.trim().split(/\s+/).filter(Boolean))];
}

/** Splits `text` into pieces, marking every match of any term. */
export function highlight(text: string, terms: readonly string[]): Segment[] {
  const ranges: Array<[number, number]> = [];
  for (const term of terms) for (const m of text.matchAll(termPattern(term))) if (m[0].length) ranges.push([m.index, m.index + m[0].length]);
  ranges.sort((a, b) => a[0] - b[0]);
  const segments: Segment[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    if (from > at) segments.push({ text: text.slice(at, from), hit: false });
    segments.push({ text: text.slice(from, end), hit: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), hit: false });
  return segments;
}

const SNIPPET_BEFORE = 50;
const SNIPPET_LENGTH = 160;

/** About a line of the section's text around the first match (its start when only the title matched). */
function snippetOf(text: string, terms: readonly string[]): Segment[] {
  let first = -1;
  for (const term of terms) {
    const m = termPattern(term).exec(text);
    if (m && (first < 0 || m.index < first)) first = m.index;
  }
  const start = first <= SNIPPET_BEFORE ? 0 : text.lastIndexOf(' ', first - SNIPPET_BEFORE) + 1 || first - SNIPPET_BEFORE;
  const cut = text.slice(start, start + SNIPPET_LENGTH);
  const piece = `${start > 0 ? '… ' : ''}${cut}${start + SNIPPET_LENGTH < text.length ? ' …' : ''}`;
  return highlight(piece, terms);
}

/** The alarm code a section documents (`alarm-level-13` → 13), if it is one. */
const ALARM_SECTION = /^alarm-(?:level|leak)-(\d+)$/;

/**
 * Sections where every term of the query appears, in the title or the text. An alarm code
 * puts its own reference section first, then sections whose title matches, then the rest in
 * the manual's order.
 */
export function searchManual(chapters: readonly ManualChapter[], query: string, limit = 30): SearchResult[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const scored: Array<{ result: SearchResult; score: number; order: number }> = [];
  let order = 0;
  for (const chapter of chapters) {
    for (const section of chapter.sections) {
      order++;
      const both = `${section.title}\n${section.text}`;
      if (!terms.every((term) => termPattern(term).test(both))) continue;
      const code = ALARM_SECTION.exec(section.id)?.[1];
      const inTitle = terms.every((term) => termPattern(term).test(section.title));
      const score = (code !== undefined && terms.includes(code) ? 2 : 0) + (inTitle ? 1 : 0);
      scored.push({ result: { section, title: highlight(section.title, terms), snippet: snippetOf(section.text, terms) }, score, order });
    }
  }
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, limit).map((s) => s.result);
}
