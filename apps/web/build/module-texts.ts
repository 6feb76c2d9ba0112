import fs from 'node:fs';
import path from 'node:path';

/**
 * Which locale bundles a page's code can show texts of, read from its sources (issue 37 item 5):
 * from the page's module, every module it imports (statically or with `import()`) within
 * `root`, except the folders `skip` names (the shell and the locale loaders, which the page
 * does not bring). A text is a string literal that is a key of the locale (`'report.jumps.search'`),
 * or a template literal whose fixed start begins keys (`` `report.jumps.rule.${rule}` ``).
 * A module that fetches bundles itself before a lazy part (`loadLocaleBundles(['monitor'])`, as
 * the lazy dialogs do) provides them to what it imports. Answers each bundle (a key's first
 * segment) the page must be given, with the first module found using it.
 */
export function bundlesUsedBy(entry: string, options: { root: string; keys: ReadonlySet<string>; skip: readonly string[] }): Map<string, string> {
  const prefixes = new Set([...options.keys].map((key) => key.slice(0, key.indexOf('.'))));
  const used = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string, provided: ReadonlySet<string>) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    const loaded = [...code.matchAll(/loadLocaleBundles\(\[([^\]]*)\]/g)].flatMap((m) => [...m[1]!.matchAll(/'([a-zA-Z]+)'/g)].map((b) => b[1]!));
    const within = loaded.length ? new Set([...provided, ...loaded]) : provided;
    for (const match of code.matchAll(/['"`]([a-zA-Z]+)\.([a-zA-Z0-9_.]*)(\$\{)?/g)) {
      const [, prefix, rest, interpolated] = match;
      const text = `${prefix}.${rest}`;
      const isKey = interpolated ? prefixes.has(prefix!) && [...options.keys].some((key) => key.startsWith(text)) : options.keys.has(text);
      if (isKey && !provided.has(prefix!) && !used.has(prefix!)) used.set(prefix!, path.relative(options.root, file));
    }
    for (const match of code.matchAll(/(?:from|import\()\s*['"](\.[^'"]+)['"]/g)) {
      const target = resolveModule(file, match[1]!);
      if (target && target.startsWith(options.root) && !options.skip.some((dir) => target.startsWith(path.join(options.root, dir)))) visit(target, within);
    }
  };
  visit(entry, new Set());
  return used;
}

/** A relative import as the bundler resolves it (.ts, .tsx, an index); null for CSS and other assets. */
function resolveModule(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}
