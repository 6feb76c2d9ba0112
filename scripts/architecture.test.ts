import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md names the places where each concern lives; a place that moves without the
 * document following would send a newcomer to nothing. Every path it names in backticks must
 * exist: from the repository's root, or under the server's or the web app's src/ (the document
 * shortens those); a bare file name must exist in the folder its line names, or somewhere in
 * the apps and packages.
 */
const root = path.resolve(import.meta.dirname, '..');
const text = fs.readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');
const BASES = ['', 'apps/server/src', 'apps/web/src'];

/** Every file below the apps and packages, and at the root, by name (for bare names such as `prepare.ts`). */
function fileNames(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else names.add(entry.name);
    }
  };
  for (const top of ['apps', 'packages']) walk(path.join(root, top));
  for (const entry of fs.readdirSync(root)) names.add(entry);
  return names;
}

/** The backticked names that are places: a folder or file path, or a bare file name. */
function placesNamed(): string[] {
  const named = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
  return [...new Set(named)].filter((name) => !/[<*]/.test(name) && !name.startsWith('/') && (name.includes('/') || /\.(ts|tsx|mjs|js|md|json)$/.test(name)));
}

describe('ARCHITECTURE.md', () => {
  it('names only places that exist', () => {
    const names = fileNames();
    const missing = placesNamed().filter((place) => {
      if (!place.includes('/')) return !names.has(place);
      return !BASES.some((base) => fs.existsSync(path.join(root, base, place)));
    });
    expect(missing).toEqual([]);
  });

  it('names the places of the concerns the issue lists (scope, time zones, units, books, alarms, leases)', () => {
    for (const place of ['modules/scope/scope.ts', 'zoned-time.ts', 'units.ts', 'modules/tank-days/', 'modules/alarms/service.ts', 'lib/leases.ts']) expect(text).toContain(place);
  });
});
