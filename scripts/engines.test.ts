import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { oldestNode, packagesRefusing } from './engines.mjs';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

describe('every dependency runs on the Node the README names', () => {
  it('the lockfile holds no package whose engines exclude the oldest supported Node', () => {
    const oldest = oldestNode(read('package.json').engines.node);
    expect(oldest).toBe('20.19.0');
    expect(packagesRefusing(read('package-lock.json'), oldest!)).toEqual([]);
  });

  it('names a package that needs a newer Node (cookie 2 needs 22)', () => {
    const lock = {
      packages: {
        '': { engines: { node: '>=20.19' } },
        'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/vite': { version: '7.1.0', engines: { node: '^20.19.0 || >=22.12.0' } },
        'node_modules/a/node_modules/b': { version: '1.0.0', engines: { node: '>=20' } },
      },
    };
    expect(packagesRefusing(lock, '20.19.0')).toEqual(['cookie@2.0.2 needs node >=22']);
  });

  it('npm install fails on such a package instead of warning (.npmrc)', () => {
    expect(fs.readFileSync(path.join(root, '.npmrc'), 'utf8')).toMatch(/^engine-strict=true$/m);
  });
});
