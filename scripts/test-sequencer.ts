import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that spend most of their time waiting rather than computing: the dependency-fault test
 * holds each outage for 5 and 30 s. Where vitest put it (with its project, after the PGlite
 * files), it began two minutes into the run and its 96 s of waiting were the end of the unit and
 * API tests, a core idle meanwhile (226 s); started first, it waits while the other workers use
 * the cores (215 s). Moving the session-stream test (28 s of idling sessions) too gained nothing.
 * Keyed `project:path`; a path that no longer exists fails the run rather than quietly slowing it.
 */
const WAIT_BOUND_FILES = ['server-pg:apps/server/src/faults.test.ts'];

const root = path.resolve(import.meta.dirname, '..');
for (const key of WAIT_BOUND_FILES) {
  const file = key.slice(key.indexOf(':') + 1);
  if (!fs.existsSync(path.join(root, file))) throw new Error(`scripts/test-sequencer.ts names ${file}, which is gone`);
}

/** Vitest's order (projects in turn, larger or slower files first), with the wait-bound files ahead of the rest of their group. */
export default class WaitBoundFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = WAIT_BOUND_FILES.indexOf(`${spec.project.name}:${path.relative(root, spec.moduleId)}`);
      return at === -1 ? WAIT_BOUND_FILES.length : at;
    };
    // A stable sort: everything else keeps vitest's order.
    return sorted.map((spec, index) => ({ spec, index })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index).map(({ spec }) => spec);
  }
}
