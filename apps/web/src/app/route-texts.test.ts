import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { bundlesUsedBy } from '../../build/module-texts';
import { CORE_PREFIXES } from '../i18n/locale-bundles';
import { ROUTES } from './routes';

/**
 * A route names the locale bundles its page shows (routes.ts `texts`, fetched with the page);
 * a page that shows a text of a bundle its route forgot draws the key before the text arrives.
 * The browser tests catch that only on what they happen to show (e2e/late-texts.setup.ts); this
 * reads every route's page and what it imports, and fails naming the route, the bundle and the
 * module using it (issue 37 item 5).
 */
const src = path.resolve(import.meta.dirname, '..');
const keys = new Set(Object.keys(JSON.parse(fs.readFileSync(path.join(src, 'i18n/locales/en.json'), 'utf8')) as Record<string, string>));
const core = new Set<string>(CORE_PREFIXES);
/** What a layout fetches for every page it holds (app/shell-gate.tsx). */
const LAYOUT_TEXTS: Record<string, readonly string[]> = { mobile: ['mobile'], desktop: [], bare: [] };

/** Route name → its page's file, read from routes.ts: route(layout, name, …, { load }), publicRoute(name, …, load), withPhone(name, phoneName, …, { desktop, phone }). */
function pagesOfRoutes(): Map<string, string> {
  const file = path.join(src, 'app/routes.ts');
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const pages = new Map<string, string>();
  const importOf = (node: ts.Node | undefined): string | undefined => {
    let found: string | undefined;
    const walk = (n: ts.Node) => {
      if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(n.arguments[0]!)) found ??= n.arguments[0].text;
      ts.forEachChild(n, walk);
    };
    if (node) walk(node);
    return found && `${path.resolve(path.dirname(file), found)}.tsx`;
  };
  const text = (node: ts.Node | undefined) => (node && ts.isStringLiteral(node) ? node.text : undefined);
  const property = (node: ts.Node | undefined, name: string) =>
    node && ts.isObjectLiteralExpression(node) ? node.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === name)?.initializer : undefined;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const [a, b, , , , loads] = node.arguments;
      const set = (name: string | undefined, page: string | undefined) => name && page && pages.set(name, page);
      if (node.expression.text === 'route') set(text(b), importOf(property(node.arguments[4], 'load')));
      if (node.expression.text === 'publicRoute') set(text(a), importOf(node.arguments[3]));
      if (node.expression.text === 'withPhone') {
        set(text(a), importOf(property(loads, 'desktop')));
        set(text(b), importOf(property(loads, 'phone')));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return pages;
}

describe('the texts each route names (routes.ts)', () => {
  const pages = pagesOfRoutes();

  it('finds the page of every route that has one of its own', () => {
    const placeholders = ROUTES.filter((route) => !pages.has(route.name)).map((route) => route.name);
    // Routes without a load of their own show the placeholder page (no texts beyond core).
    for (const name of placeholders) expect([name, ROUTES.find((r) => r.name === name)!.texts]).toEqual([name, []]);
    expect(pages.size).toBeGreaterThan(50);
    for (const page of pages.values()) expect([page, fs.existsSync(page)]).toEqual([page, true]);
  });

  it.each(ROUTES.filter((route) => pages.has(route.name)).map((route) => [route.name, route] as const))('%s names every bundle its page shows', (_name, route) => {
    const used = bundlesUsedBy(pages.get(route.name)!, { root: src, keys, skip: ['app', 'i18n'] });
    const named = new Set<string>([...route.texts, ...(LAYOUT_TEXTS[route.layout] ?? [])]);
    const missing = [...used].filter(([bundle]) => !core.has(bundle) && !named.has(bundle)).map(([bundle, module]) => `${bundle} (used by ${module})`);
    expect(missing).toEqual([]);
  });
});
