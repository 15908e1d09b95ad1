import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order test files start in. With durations cached from an earlier run, vitest's own: longest
 * first. Without (a fresh clone, CI), vitest runs the largest files first, and the files that start
 * servers and workers as processes (tests/integration: crash and restart, the admin CLI, the API
 * fuzz) are small, so they came last and ran alone at the end while the other worker sat idle.
 * Here they go first, so the rest of the suite fills the time around them.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const cached = sorted.some((file) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(root, file.moduleId)}`),
    );
    if (cached) return sorted;
    const startsProcesses = (file: TestSpecification) =>
      relative(root, file.moduleId).startsWith('tests/integration/');
    return [...sorted.filter(startsProcesses), ...sorted.filter((file) => !startsProcesses(file))];
  }
}
