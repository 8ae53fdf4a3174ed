/**
 * The `rules` command (spawned, as `npm run rules` runs it) and the catalogue
 * reader it shares with the build. Catalogues come from temp folders, never
 * from content/ (written by others).
 */
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readCatalogues } from '../src/content';
import { scratchDir } from '../src/content/testing';
import { useBundledScript } from './lib/cliBundle';

// Each case starts the command line once or several times, and two
// test files run at a time: 20 s was not always enough on 2 busy cores.

const root = resolve(import.meta.dirname, '..');
const tsx = join(root, 'node_modules/.bin/tsx');
const script = join(root, 'scripts/rules.ts');
const tmp = scratchDir('rules-cli-');
const dataDir = join(tmp, 'data');

const write = (path: string, value: unknown) => {
  const p = join(tmp, path);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
  return p;
};

// The command as one bundled file, started as plain Node; CLI3 runs it as `npm run rules` does (tsx).
const bundled = useBundledScript('scripts/rules.ts');

const run = (args: string[], options: { cwd?: string; data?: string; tsx?: boolean } = {}) =>
  spawnSync(options.tsx ? tsx : process.execPath, [options.tsx ? script : bundled(), ...args], {
    encoding: 'utf8',
    cwd: options.cwd ?? root,
    env: { ...process.env, ...(options.data ? { NUCLEUS_DATA_DIR: options.data } : {}) },
  });

const base = { id: 'x', schemaVersion: 1, name: 'X', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };

write(
  'data/blueprint-features.yml',
  `- id: scope
  name: Scope
  type: weapon
  cost: 1
  requires: [{ property: range, oneOf: [medium, long, extreme] }]
  text: Sights for long shots.
`,
);
write('data/features.yml', '# nothing yet\n');
write(
  'data/gear/weapons.yml',
  `- { kind: blueprint, id: pistol, schemaVersion: 1, name: Pistol, createdAt: '2026-01-01', updatedAt: '2026-01-01', type: weapon, rank: 1, properties: { damage: 3, range: close, rate: 1, bulk: 1 }, features: [], description: A pistol. }
`,
);
write('data/gear/notes.txt', 'not a catalogue');

const expectFailure = (r: ReturnType<typeof run>, text: string | RegExp) => {
  expect(r.status, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr.trimEnd()).toMatch(text);
};

describe('rules command: evaluate', () => {
  it('CLI1 prints the evaluation of a blueprint as JSON, against the catalogues', () => {
    const r = run(['evaluate', write('bp.json', { ...base, kind: 'blueprint', type: 'weapon', rank: 2, properties: { damage: 4, range: 'long', rate: 1, bulk: 1 }, features: [{ id: 'scope' }] })], { data: dataDir });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ valid: true, issues: [], derived: { spent: 5, capacity: 8, price: 325, availability: 'common' } });
  });

  it('CLI1 migrates an old document and reports rule issues (exit 0: the input was readable)', () => {
    const { schemaVersion: _v, ...old } = base;
    const r = run(['evaluate', write('core.json', { ...old, kind: 'core', tier: 1, discipline: 'kinetic', activation: 'action', range: 'self', duration: 'instant', effects: [{ id: 'ghost', potency: 1 }], sideEffects: [] })], { data: dataDir });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ valid: false, issues: [{ path: 'effects.0', code: 'unknown-effect', severity: 'error' }], derived: { budget: 5 } });
  });

  it('CLI1 reads content/data by default; missing catalogue files are empty lists', () => {
    const creature = { ...base, kind: 'creature', creatureKind: 'beast', threatRank: 1, attributes: { frame: 1, reflex: 1, logic: 1, nerve: 1, sync: 1 }, skills: {}, properties: [], attacks: [] };
    const r = run(['evaluate', write('cr.json', creature)], { cwd: tmp });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).derived).toMatchObject({ health: 11, threatValue: 5, computedThreatRank: 1 });
  });

  it('CLI2 an unreadable file, bad JSON or a bad document exits 2 with one line', () => {
    expectFailure(run(['evaluate', join(tmp, 'missing.json')]), /^rules: cannot read .*missing\.json \(ENOENT\)$/);
    expectFailure(run(['evaluate', write('bad.json', '{oops')]), /is not valid JSON/);
    expectFailure(run(['evaluate', write('shape.json', { ...base, kind: 'core', tier: 'high' })], { data: dataDir }), 'rules: tier: expected a whole number');
    expectFailure(run(['evaluate', write('new.json', { ...base, schemaVersion: 7, kind: 'core' })]), /newer version of Nucleus/);
    expectFailure(run(['evaluate']), /usage/);
  });

  it('CLI2 an invalid catalogue file exits 2 naming the file and the entry', () => {
    write('broken/core-effects.yml', '- { id: shove, name: Shove, discipline: kinetic, baseCost: two, maxPotency: 2, costPerPotency: 1, template: x }\n');
    expectFailure(run(['evaluate', write('w.json', { ...base, kind: 'blueprint', type: 'weapon', rank: 1, properties: { damage: 2, range: 'close', rate: 1, bulk: 1 } })], { data: join(tmp, 'broken') }), /core-effects\.yml: entry 'shove': baseCost: expected a whole number/);
  });
});

describe('rules command: probability', () => {
  it('CLI3 prints the probability and the expected hits', () => {
    expect(JSON.parse(run(['probability', '--pool', '1', '--difficulty', '2'], { tsx: true }).stdout)).toEqual({ probability: expect.closeTo(1 / 18, 12), expectedHits: 0.4 });
    const edge = JSON.parse(run(['probability', '--edge', '--pool', '1', '--difficulty', '1']).stdout);
    expect(edge).toEqual({ probability: expect.closeTo(5 / 9, 12), expectedHits: expect.closeTo(2 / 3, 12) });
  });

  it('CLI4 bad arguments exit 2 with one line naming the argument', () => {
    expectFailure(run(['probability', '--pool', '31', '--difficulty', '1']), 'rules: pool: must be a whole number from 1 to 30 (got 31)');
    expectFailure(run(['probability', '--pool', '3', '--difficulty', '0']), 'rules: difficulty: must be a whole number from 1 to 30 (got 0)');
    expectFailure(run(['probability', '--pool', 'x', '--difficulty', '1']), "rules: --pool must be a whole number (got 'x')");
    expectFailure(run(['probability', '--pool', '2']), /--difficulty is required/);
    expectFailure(run(['probability', '--pool', '2', '--difficulty', '1', '--luck']), /unknown option --luck/);
    expectFailure(run(['frobnicate']), /^rules: usage: /);
  });
});

describe('catalogue reader (src/content/catalogueReader.ts)', () => {
  it('CAT1 reads every catalogue, a folder as one list; missing files are empty lists', () => {
    const c = readCatalogues(dataDir);
    expect(c.blueprintFeatures.map((e) => e.id)).toEqual(['scope']);
    expect(c.gear).toMatchObject([{ id: 'pistol', description: 'A pistol.' }]);
    expect(c.features).toEqual([]);
    expect(c.creatures).toEqual([]);
    expect(readCatalogues(join(tmp, 'nowhere'))).toMatchObject({ features: [], gear: [] });
  });

  it('CAT2 an invalid entry throws an Error naming the file and the entry id, or its position', () => {
    write('bad1/features.yml', '- { id: quick, name: Quick, tree: gunslinger, tier: 5, text: x }\n');
    expect(() => readCatalogues(join(tmp, 'bad1'))).toThrow(/bad1\/features\.yml: entry 'quick': tier: expected 1, 2 or 3$/);
    write('bad2/core-side-effects.yml', '- { id: glow, name: Glow, refund: 1, text: x }\n- { name: Nameless, refund: 1, text: x }\n');
    expect(() => readCatalogues(join(tmp, 'bad2'))).toThrow(/core-side-effects\.yml: entry 2: id: is required$/);
    write('bad3/creatures.yml', 'id: not-a-list\n');
    expect(() => readCatalogues(join(tmp, 'bad3'))).toThrow(/creatures\.yml: a catalogue file must be a YAML list of entries/);
    write('bad4/core-side-effects.yml', '- { id: glow, name: Glow, refund: 1, text: x }\n- { id: glow, name: Glow 2, refund: 1, text: x }\n');
    expect(() => readCatalogues(join(tmp, 'bad4'))).toThrow(/entry 'glow': the id is already used/);
    write('bad5/features.yml', '- [unclosed\n');
    expect(() => readCatalogues(join(tmp, 'bad5'))).toThrow(/features\.yml: cannot read the catalogue/);
  });
});
