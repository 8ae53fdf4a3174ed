import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { scratchDir } from '../src/content/testing';

const WORKFLOW = '.github/workflows/site.yml';
const validate = (file: string) => spawnSync('node', ['node_modules/@action-validator/cli/cli.mjs', file], { encoding: 'utf8' });

describe('the publishing workflow', () => {
  it('is a valid GitHub Actions workflow', () => {
    const r = validate(WORKFLOW);
    expect(r.stderr + r.stdout).toBe('');
    expect(r.status).toBe(0);
  });

  it('is refused by the validator when broken (the check can fail)', () => {
    const dir = scratchDir('wf-');
    const broken = join(dir, 'site.yml');
    writeFileSync(broken, readFileSync(WORKFLOW, 'utf8').replace('runs-on: ubuntu-latest', 'runs-on: [ubuntu-latest, {bad: 1}]').replace('steps:', 'stepz:'));
    expect(validate(broken).status).not.toBe(0);
  });

  it('runs only npm scripts that exist, so what CI does is tested here', () => {
    const scripts = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).scripts);
    const wf = parse(readFileSync(WORKFLOW, 'utf8'));
    const runs: string[] = Object.values(wf.jobs as Record<string, { steps: { run?: string }[] }>)
      .flatMap((j) => j.steps)
      .map((s) => s.run ?? '')
      .filter((r) => r.startsWith('npm'));
    expect(runs).toContain('npm test');
    for (const r of runs) {
      const m = /^npm run ([\w:-]+)/.exec(r);
      if (m) expect(scripts).toContain(m[1]);
    }
    expect(wf.on.push.branches).toEqual(['main']);
    expect(wf.on).toHaveProperty('pull_request');
  });

  it('restores and saves the incremental build cache before anything builds', () => {
    const wf = parse(readFileSync(WORKFLOW, 'utf8'));
    const steps: { uses?: string; run?: string; with?: Record<string, string> }[] = wf.jobs.build.steps;
    const cache = steps.findIndex((s) => s.uses?.startsWith('actions/cache@'));
    expect(cache).toBeGreaterThan(-1);
    // The build cache (src/build/cache.ts) and the bundled build script (scripts/build.mjs).
    expect(steps[cache]!.with!.path.trim().split('\n')).toEqual(['node_modules/.cache/nucleus', 'node_modules/.cache/nucleus-build']);
    // A key per commit: every run saves what it built; restore-keys find the last one.
    expect(steps[cache]!.with!.key).toContain('github.sha');
    expect(steps[cache]!.with!['restore-keys']).toMatch(/nucleus-build-/);
    const firstBuild = steps.findIndex((s) => /npm (test|run build)/.test(s.run ?? ''));
    expect(cache).toBeLessThan(firstBuild);
  });

  it('publishes a content-only push after the content check, the build and a smoke test; anything else after the whole suite', () => {
    const wf = parse(readFileSync(WORKFLOW, 'utf8'));
    type Step = { id?: string; name?: string; run?: string; if?: string };
    const steps: Step[] = wf.jobs.build.steps;
    const at = (run: string) => steps.findIndex((s) => s.run === run);
    const scope = steps.findIndex((s) => s.id === 'scope');
    expect(scope).toBeGreaterThan(-1);
    expect(steps[scope]!.run).toContain("grep -qv '^content/'");
    // Always: the content check and the build, on every push.
    for (const run of ['npm run check:content', 'npm run build']) {
      expect(at(run), run).toBeGreaterThan(scope);
      expect(steps[at(run)]!.if, run).toBeUndefined();
    }
    // The whole suite unless only content changed; the smoke test on the built site when it did.
    expect(steps[at('npm test')]!.if).toBe("steps.scope.outputs.content_only != 'true'");
    const smoke = at('npm run test:smoke');
    expect(steps[smoke]!.if).toBe("steps.scope.outputs.content_only == 'true'");
    expect(smoke).toBeGreaterThan(at('npm run build'));
    expect(smoke).toBeLessThan(steps.findIndex((s) => (s as { uses?: string }).uses?.startsWith('actions/upload-pages-artifact')));
    expect(wf.jobs.build.steps[0].with['fetch-depth']).toBe(0);
  });

  it('decides "content only" from what the push changed', () => {
    const wf = parse(readFileSync(WORKFLOW, 'utf8'));
    const script: string = wf.jobs.build.steps.find((s: { id?: string }) => s.id === 'scope').run;
    const decide = (files: string[]) => {
      // The step's own test of the changed files, run by the same shell.
      const test = script.split('\n').find((l) => l.includes('grep -qv'))!.trim();
      const r = spawnSync('bash', ['-c', `only=false; changed="$1"; ${test}\necho $only`, 'scope', files.join('\n')], { encoding: 'utf8' });
      return r.stdout.trim();
    };
    expect(decide(['content/2.rules/4.combat.md'])).toBe('true');
    expect(decide(['content/2.rules/4.combat.md', 'content/data/gear/weapons.yml'])).toBe('true');
    expect(decide(['content/2.rules/4.combat.md', 'src/build/cache.ts'])).toBe('false');
    expect(decide(['package.json'])).toBe('false');
    expect(decide([])).toBe('false');
  });
});
