/**
 * Every official catalogue entry evaluates exactly as it did before the
 * weapon features' mechanics moved from code (weaponFeatures.ts) into the
 * entries' data (`attack` in content/data/blueprint-features.yml), and
 * before `evaluate` learnt to merge homebrew packs (docs/packs.md). The
 * snapshot was written by the code before the move and is not to be
 * rewritten to make this pass: a difference is a change of the rules.
 */
import { describe, expect, it } from 'vitest';
import { evaluate, type Blueprint, type Character } from '../../rules';
import { readCatalogues } from '../../content';
import { attackLines } from './sheet';
import { fresh } from './testing';

const catalogues = readCatalogues('content/data');
const { gear, creatures, blueprintFeatures } = catalogues;

/** A character with some Reflex, Frame, Firearms and Brawl, so the pools are not all 1. */
const wielder = (items: Blueprint[]): Character => {
  const base = fresh();
  return { ...base, attributes: { ...base.attributes, frame: 3, reflex: 3 }, skills: { ...base.skills, firearms: 2, brawl: 2 }, gear: items };
};
const jack = gear.find((g) => g.type === 'cyberware' && g.features.some((f) => f.id === 'neural-jack'));

describe('the official catalogue evaluates as before the mechanics moved into data', () => {
  it('every official gear item: its evaluation (spent, capacity, price, issues)', () => {
    expect(Object.fromEntries(gear.map((g) => [g.id, evaluate(g, catalogues)]))).toMatchSnapshot();
  });

  it('every official creature: its evaluation (health, guard, protection, threat, issues)', () => {
    expect(Object.fromEntries(creatures.map((c) => [c.id, evaluate(c, catalogues)]))).toMatchSnapshot();
  });

  it('every official weapon on a character, with and without a Neural Jack: its attack line', () => {
    expect(jack).toBeDefined();
    const weapons = gear.filter((g) => g.type === 'weapon');
    const lines = weapons.map((w) => ({ id: w.id, bare: attackLines(wielder([w]), false, catalogues), jacked: attackLines(wielder([w, jack!]), true, catalogues) }));
    expect(lines).toMatchSnapshot();
  });

  it('every official weapon feature alone on a melee and a ranged weapon, at each rank: its attack line', () => {
    const rifle = gear.find((g) => g.type === 'weapon' && (g.properties as { range: string }).range !== 'melee')!;
    const blade = gear.find((g) => g.type === 'weapon' && (g.properties as { range: string }).range === 'melee')!;
    const lines = blueprintFeatures
      .filter((f) => f.type === 'weapon')
      .flatMap((f) =>
        [rifle, blade].flatMap((w) =>
          Array.from({ length: f.maxRanks ?? 1 }, (_, r) => {
            const armed = { ...w, features: [{ id: f.id, ranks: f.maxRanks ? r + 1 : undefined }] } as Blueprint;
            return { feature: f.id, on: w.id, ranks: r + 1, bare: attackLines(wielder([armed]), false, catalogues), jacked: attackLines(wielder([armed, jack!]), false, catalogues) };
          }),
        ),
      );
    expect(lines).toMatchSnapshot();
  });
});
