import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEAK_ALARM_CODES, LEVEL_ALARM_CODES } from '@ullage/domain/alarm-codes';
import { LANGUAGES } from '@ullage/domain/languages';
import { MANUAL_SCREENS } from './manual-screens';
import { MANUAL_SECTIONS } from './manual-sections';
import { idsOf, languageProblems, parityProblems, readLanguage, type LanguageManual } from './manual-parity';

/**
 * The manual's translations keep the shape of English (docs/manual/README.md): the same
 * files, section ids in the same order, the same pictures in the same sections — as the
 * locale files keep the same keys. Every alarm code has its reference section, every picture
 * exists, is small, and is taken by the browser tests (manual-screens.ts).
 */
const root = path.resolve(import.meta.dirname, '../../../../../docs/manual');
const REFERENCE = 'en';
const MAX_PICTURE_BYTES = 150 * 1024;

function readFolder(language: string): Record<string, string> {
  const dir = path.join(root, language);
  if (!fs.existsSync(dir)) return {};
  return Object.fromEntries(fs.readdirSync(dir).filter((f) => f.endsWith('.md')).map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
}

const manuals = new Map<string, LanguageManual>(LANGUAGES.map((language) => [language, readLanguage(readFolder(language))]));
const reference = manuals.get(REFERENCE)!;

/** The README's table: file → chapter id, section ids, pictures (the contract the writers follow). */
function readmeTable(): Array<{ file: string; chapter: string; sections: string[]; pictures: string[] }> {
  const text = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const rows = text.split('\n').filter((line) => /^\| \d\d-[a-z-]+\.md \|/.test(line));
  return rows.map((line) => {
    const [file, chapter, sections, pictures] = line.split('|').slice(1, 5).map((cell) => cell.trim()) as [string, string, string, string];
    // "device-params (with `###` a, b)" names subsections too; "(each task …, e.g. x)" is an example, not a rule.
    const listed = sections.replace(/\(with `###` ([^)]*)\)/, ', $1').replace(/\([^)]*\)/g, '');
    const ids = (list: string) => list.split(',').map((s) => s.trim()).filter((s) => s && s !== 'none');
    return { file, chapter, sections: ids(listed), pictures: ids(pictures) };
  });
}

describe('the manual parity check (manual-parity.ts) on a fixture', () => {
  const en = readLanguage({ '01-a.md': '# A {#a}\n## One {#one}\n![x](one.jpg)\n## Two {#two}\nSee [one](#one).' });

  it('accepts a translation of the same shape', () => {
    const es = readLanguage({ '01-a.md': '# Á {#a}\n## Uno {#one}\n![y](one.jpg)\n## Dos {#two}\nVer [uno](#one).' });
    expect(parityProblems('es', es, en)).toEqual([]);
    expect(languageProblems('es', es)).toEqual([]);
  });

  it('fails when a section is missing in one language, or a picture moved, or a file is missing', () => {
    const ar = readLanguage({ '01-a.md': '# A {#a}\n## One {#one}\n## Two {#two}\n![x](one.jpg)' });
    expect(parityProblems('ar', readLanguage({ '01-a.md': '# A {#a}\n## One {#one}\n![x](one.jpg)' }), en)).toEqual(['ar/01-a.md: section ## two is missing']);
    expect(parityProblems('ar', ar, en)).toEqual(['ar/01-a.md: pictures differ — expected [one: one.jpg], found [two: one.jpg]']);
    expect(parityProblems('zh_CN', readLanguage({}), en)).toEqual(['zh_CN: 01-a.md is missing']);
  });

  it('fails on a heading without an id, a repeated id and a link to no section', () => {
    const bad = readLanguage({ '01-a.md': '# A {#a}\n## One\n## Two {#two}\n### Again {#two}\nSee [x](#nowhere).' });
    expect(languageProblems('en', bad)).toEqual([
      'en/01-a.md: a level-2 heading has no {#id}',
      'en/01-a.md: id "two" is used twice',
      'en/01-a.md: a link goes to #nowhere, which is no section',
    ]);
  });
});

describe('the operation manual (docs/manual)', () => {
  it('has the chapters of the README in English', () => {
    expect([...reference.keys()].sort()).toEqual(readmeTable().map((row) => row.file).sort());
  });

  it.each(LANGUAGES.filter((l) => l !== REFERENCE))('%s has the files, sections and pictures of English', (language) => {
    expect(parityProblems(language, manuals.get(language)!, reference)).toEqual([]);
  });

  it.each(LANGUAGES)('%s: every heading has a unique id, every link a target', (language) => {
    expect(languageProblems(language, manuals.get(language)!)).toEqual([]);
  });

  it.each(LANGUAGES)('%s has the ids and pictures the README lists, chapter by chapter', (language) => {
    const manual = manuals.get(language)!;
    const ids = new Set(idsOf(manual));
    const problems: string[] = [];
    for (const row of readmeTable()) {
      const chapter = manual.get(row.file);
      if (chapter?.id !== row.chapter) problems.push(`${row.file}: chapter id ${chapter?.id ?? '(no file)'}, README says ${row.chapter}`);
      for (const id of row.sections) if (!ids.has(id)) problems.push(`${row.file}: no section ${id}`);
      const pictures = chapter ? [...new Set(chapter.blocks.flatMap((b) => (b.kind === 'image' ? [b.src.replace(/\.jpg$/, '')] : [])))].sort() : [];
      expect.soft(pictures, `${language}/${row.file} pictures`).toEqual([...row.pictures].sort());
    }
    expect(problems).toEqual([]);
  });

  it.each(LANGUAGES)('%s explains every level and leak alarm code in its own section', (language) => {
    const ids = new Set(idsOf(manuals.get(language)!));
    const wanted = [...Object.keys(LEVEL_ALARM_CODES).map((code) => `alarm-level-${code}`), ...Object.keys(LEAK_ALARM_CODES).map((code) => `alarm-leak-${code}`)];
    expect(wanted.filter((id) => !ids.has(id))).toEqual([]);
  });

  // Here rather than in manual-sections.test.ts: the chapters are read once for the run's checks
  // (a Markdown parser reads the four languages in about 1.5 s).
  it.each(LANGUAGES)('%s has the section every page\'s help link leads to (manual-sections.ts)', (language) => {
    const ids = new Set([...manuals.get(language)!.values()].flatMap((chapter) => chapter.sections.map((section) => section.id)));
    expect([...new Set(Object.values(MANUAL_SECTIONS))].filter((id) => !ids.has(id))).toEqual([]);
  });

  it.each(LANGUAGES)('%s: every picture named exists, is at most 150 KB and is taken by the browser tests; every picture file is named', (language) => {
    const named = new Set([...manuals.get(language)!.values()].flatMap((chapter) => chapter.blocks.flatMap((b) => (b.kind === 'image' ? [b.src] : []))));
    const dir = path.join(root, 'images', language);
    const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    const screens = new Set(MANUAL_SCREENS.map((screen) => `${screen.name}.jpg`));
    expect([...named].filter((file) => !files.includes(file)), 'named but no file').toEqual([]);
    expect([...named].filter((file) => !screens.has(file)), 'named but not in manual-screens.ts').toEqual([]);
    expect(files.filter((file) => !named.has(file)), 'files no chapter names').toEqual([]);
    expect(files.filter((file) => fs.statSync(path.join(dir, file)).size > MAX_PICTURE_BYTES), 'over 150 KB').toEqual([]);
  });
});
