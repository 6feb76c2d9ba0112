import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@ullage/domain/languages';
import { ROUTES } from '../../app/routes';
import { readChapter } from './manual-document';
import { MANUAL_SECTIONS } from './manual-sections';

const manualDir = path.resolve(import.meta.dirname, '../../../../../docs/manual');

function sectionIds(language: string): Set<string> {
  const dir = path.join(manualDir, language);
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.md')) : [];
  return new Set(files.flatMap((file) => readChapter(file, fs.readFileSync(path.join(dir, file), 'utf8')).sections.map((s) => s.id)));
}

describe('the help link of every page (manual-sections.ts)', () => {
  const pages = ROUTES.filter((route) => route.name !== '404' && route.name !== 'manual');

  it('names a section for every route but 404 and the manual itself', () => {
    expect(pages.filter((route) => !MANUAL_SECTIONS[route.name]).map((route) => route.name)).toEqual([]);
  });

  it('names no route that does not exist', () => {
    const names = new Set(ROUTES.map((route) => route.name));
    expect(Object.keys(MANUAL_SECTIONS).filter((name) => !names.has(name))).toEqual([]);
  });

  it.each(LANGUAGES)('leads to sections that exist in %s', (language) => {
    const ids = sectionIds(language);
    expect([...new Set(Object.values(MANUAL_SECTIONS))].filter((id) => !ids.has(id))).toEqual([]);
  });
});
