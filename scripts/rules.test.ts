import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const run = (...args: string[]) => spawnSync('node_modules/.bin/tsx', ['scripts/rules.ts', ...args], { encoding: 'utf8' });
const tmp = mkdtempSync(join(tmpdir(), 'rules-cli-'));
const write = (name: string, value: unknown) => {
  const p = join(tmp, name);
  writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
  return p;
};

const base = { id: 'x', schemaVersion: 1, name: 'X', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };

describe('rules command', () => {
  it('evaluates a blueprint against the real catalogues', () => {
    const r = run('evaluate', write('bp.json', { ...base, kind: 'blueprint', type: 'weapon', rank: 2, properties: { damage: 4, range: 'long', rate: 1, bulk: 1 }, features: [] }));
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ valid: true, derived: { spent: 4, capacity: 8, price: 300, availability: 'common' } });
  });

  it('evaluates the other three kinds', () => {
    const attrs = { frame: 3, reflex: 3, logic: 2, nerve: 2, sync: 2 };
    const skills = Object.fromEntries(['athletics', 'brawl', 'firearms', 'piloting', 'stealth', 'engineering', 'medicine', 'investigation', 'persuasion', 'intimidation', 'hacking', 'interface'].map((s) => [s, 0]));
    const character = run('evaluate', write('c.json', { ...base, kind: 'character', xp: 0, attributes: attrs, skills, features: [], cores: [], gear: [] }));
    expect(JSON.parse(character.stdout).derived).toMatchObject({ rank: 1, health: 15, attributePointsLeft: 1, skillPointsLeft: 10 });
    const core = run('evaluate', write('core.json', { ...base, kind: 'core', tier: 1, discipline: 'kinetic', activation: 'action', range: 'self', duration: 'instant', effects: [], sideEffects: [] }));
    expect(JSON.parse(core.stdout)).toMatchObject({ valid: false, derived: { budget: 5 } });
    const creature = run('evaluate', write('cr.json', { ...base, kind: 'creature', creatureKind: 'beast', threatRank: 1, attributes: { frame: 1, reflex: 1, logic: 1, nerve: 1, sync: 1 }, skills: {}, properties: [], attacks: [] }));
    expect(JSON.parse(creature.stdout).derived).toMatchObject({ health: 11, threatValue: 5, computedThreatRank: 1 });
  });

  it('prints the probability and expected hits', () => {
    const r = run('probability', '--pool', '1', '--difficulty', '2');
    expect(JSON.parse(r.stdout)).toEqual({ probability: expect.closeTo(1 / 18, 12), expectedHits: 0.4 });
    expect(JSON.parse(run('probability', '--pool', '1', '--difficulty', '1', '--edge').stdout).probability).toBeCloseTo(5 / 9, 12);
  });

  it('exits 2 with one line on bad input', () => {
    for (const [args, text] of [
      [['evaluate', join(tmp, 'missing.json')], 'cannot read'],
      [['evaluate', write('bad.json', '{oops')], 'not valid JSON'],
      [['evaluate', write('shape.json', { ...base, kind: 'core', tier: 'high' })], 'tier'],
      [['probability', '--pool', '31', '--difficulty', '1'], 'pool: must be a whole number from 1 to 30'],
      [['probability', '--pool', 'x', '--difficulty', '1'], '--pool must be a whole number'],
      [['frobnicate'], 'usage'],
    ] as const) {
      const r = run(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(text);
    }
  });
});
