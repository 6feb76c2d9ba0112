import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../app/routes';
import { MANUAL_SECTIONS } from './manual-sections';

describe('the help link of every page (manual-sections.ts)', () => {
  const pages = ROUTES.filter((route) => route.name !== '404' && route.name !== 'manual');

  it('names a section for every route but 404 and the manual itself', () => {
    expect(pages.filter((route) => !MANUAL_SECTIONS[route.name]).map((route) => route.name)).toEqual([]);
  });

  it('names no route that does not exist', () => {
    const names = new Set(ROUTES.map((route) => route.name));
    expect(Object.keys(MANUAL_SECTIONS).filter((name) => !names.has(name))).toEqual([]);
  });

  // That each section exists in every language is checked with the chapters, in manual-parity.test.ts.
});
