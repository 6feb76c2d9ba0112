import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@ullage/domain/languages';

/**
 * docs/glossary.json: one term for one thing in each language. No locale file (web or server)
 * and no manual page may use a variant the glossary rejects.
 */
type Entry = { term: string; rejected: string[] };
type Glossary = {
  match: Record<Language, 'word' | 'string'>;
  concepts: ({ id: string; definition: string } & Record<Language, Entry>)[];
  allowed: Record<Language, string[]>;
};

const root = path.join(import.meta.dirname, '../../../..');
const glossary = JSON.parse(fs.readFileSync(path.join(root, 'docs/glossary.json'), 'utf8')) as Glossary;

/** The places a text of a language lives: one label (key or file:line) and its text each. */
function textsOf(language: Language): [string, string][] {
  const web = JSON.parse(fs.readFileSync(path.join(root, 'apps/web/src/i18n/locales', `${language}.json`), 'utf8')) as Record<string, string>;
  const server = fs.readFileSync(path.join(root, 'apps/server/src/i18n', `${language}.ts`), 'utf8');
  const manualDir = path.join(root, 'docs/manual', language);
  return [
    ...Object.entries(web).map(([key, text]): [string, string] => [`web ${language}.json ${key}`, text]),
    ...server.split('\n').map((line, i): [string, string] => [`server ${language}.ts:${i + 1}`, line]),
    ...fs
      .readdirSync(manualDir)
      .filter((name) => name.endsWith('.md'))
      .flatMap((name) =>
        fs
          .readFileSync(path.join(manualDir, name), 'utf8')
          .split('\n')
          .map((line, i): [string, string] => [`manual ${language}/${name}:${i + 1}`, line]),
      ),
  ];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where `variant` occurs in `text` as a term: in a language that separates words, only as a
 * whole word ("zona" is not in "zonal"; "área" not in "áreas" unless listed itself); in
 * Chinese and Arabic anywhere, as words are not separated there. An occurrence inside an
 * allowed phrase of the language does not count.
 */
function findVariant(text: string, variant: string, mode: 'word' | 'string', allowed: readonly string[] = []): number[] {
  const pattern = mode === 'word' ? new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${escape(variant)}(?![\\p{L}\\p{M}\\p{N}])`, 'giu') : new RegExp(escape(variant), 'giu');
  const covered = (at: number) =>
    allowed.some((phrase) => {
      for (let from = text.toLowerCase().indexOf(phrase.toLowerCase()); from >= 0; from = text.toLowerCase().indexOf(phrase.toLowerCase(), from + 1)) {
        if (from <= at && at + variant.length <= from + phrase.length) return true;
      }
      return false;
    });
  return [...text.matchAll(pattern)].map((m) => m.index).filter((at) => !covered(at));
}

describe('glossary', () => {
  it('names every concept in every language with a definition, and rejects no preferred term', () => {
    for (const concept of glossary.concepts) {
      expect(concept.definition, concept.id).toMatch(/\w{3}/);
      for (const language of LANGUAGES) {
        const entry = concept[language];
        expect(entry?.term, `${concept.id} ${language}`).toBeTruthy();
        const preferred = glossary.concepts.map((c) => c[language].term.toLowerCase());
        expect(entry.rejected.filter((variant) => preferred.includes(variant.toLowerCase())), `${concept.id} ${language}`).toEqual([]);
      }
    }
    expect(glossary.concepts.map((c) => c.id)).toEqual(expect.arrayContaining(['delivery', 'area', 'tank', 'station', 'ullage', 'alarm', 'leakTest', 'reconciliation', 'variance', 'ticket', 'shift']));
  });

  it('matches whole words where words are separated, and inside words where they are not', () => {
    expect(findVariant('Entregas por zona', 'entregas', 'word')).toEqual([0]);
    expect(findVariant('la entregadora', 'entrega', 'word')).toEqual([]);
    expect(findVariant('Zona horaria', 'zona', 'word')).toEqual([0]);
    expect(findVariant('区域进油记录', '进油', 'string')).toEqual([2]);
    expect(findVariant('سجلات التوريد', 'توريد', 'string')).toEqual([8]);
    expect(findVariant('浮子进油管', '进油', 'string', ['进油管'])).toEqual([]);
  });

  it.each(LANGUAGES)('%s: the interface and the manual use no rejected variant', (language) => {
    const texts = textsOf(language);
    const found: string[] = [];
    for (const concept of glossary.concepts) {
      for (const variant of concept[language].rejected) {
        for (const [where, text] of texts) {
          if (findVariant(text, variant, glossary.match[language], glossary.allowed[language]).length > 0) {
            found.push(`${where}: "${variant}" — use "${concept[language].term}" (${concept.id})`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
});
