import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds each file took in a full run, by `project:file` (refresh: UPDATE_TEST_DURATIONS=1 npm test). */
export const DURATIONS_FILE = path.resolve(import.meta.dirname, 'test-durations.json');

function durations(): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Longest files first, across the projects of a group (issue 33). Vitest's own order runs the
 * projects one after another and, without a cache (a fresh clone, CI), larger files first; so
 * the PostgreSQL project's fault test — a minute and a half of waiting for a database to come
 * back — started last and the run ended on a nearly idle machine. Started first, its waits
 * overlap the other workers' work, and the run ends on short files. A file not in the list
 * (new) goes first too: its time is not known. Groups still run in their order.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const known = durations();
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => known[`${spec.project.name}:${path.relative(root, spec.moduleId)}`] ?? Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || seconds(b) - seconds(a));
  }
}
