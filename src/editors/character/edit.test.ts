import { describe, expect, it } from 'vitest';
import { evaluate, parseDocument } from '../../rules';
import { ATTRIBUTE_RANGE, SKILL_RANGE, addGear, newCharacter, removeGear, setAttribute, setSkill, setXp, wearArmour } from './edit';
import { NOW, catalogues, fresh, vest } from './testing';

describe('character edits', () => {
  it('a new character is a valid rank-1 document with 8 attribute and 10 skill points left', () => {
    const c = newCharacter('id1', NOW);
    expect(parseDocument(c)).toEqual(c);
    const r = evaluate(c, catalogues);
    expect(r.valid).toBe(true);
    expect(r.derived).toMatchObject({ rank: 1, attributePointsLeft: 8, skillPointsLeft: 10 });
  });

  it('steppers go past the caps of the rank (the engine says the rule), stopping only at the game\'s range 1–6 and 0–5', () => {
    let c = fresh();
    const over = setSkill(setAttribute(c, 'frame', 5), 'brawl', 4);
    expect(over.attributes.frame).toBe(5);
    expect(over.skills.brawl).toBe(4);
    const issues = evaluate(over, catalogues).issues;
    expect(issues.find((i) => i.path === 'attributes.frame')).toMatchObject({ severity: 'error' });
    expect(issues.find((i) => i.path === 'skills.brawl')).toMatchObject({ severity: 'error' });
    expect(setAttribute(c, 'frame', 9).attributes.frame).toBe(ATTRIBUTE_RANGE.max);
    expect(ATTRIBUTE_RANGE.max).toBe(6);
    expect(setAttribute(c, 'frame', 0).attributes.frame).toBe(1);
    expect(setSkill(c, 'brawl', 9).skills.brawl).toBe(SKILL_RANGE.max);
    expect(SKILL_RANGE.max).toBe(5);
    c = setXp(c, 60, NOW);
    expect(setSkill(c, 'brawl', 0)).toBe(c);
  });

  it('one armour is worn at a time; removing the worn armour leaves none worn', () => {
    let c = addGear(addGear(fresh(), vest('a'), true), vest('b'));
    expect(c.armour).toBe('a');
    c = wearArmour(c, 'b');
    expect(c.armour).toBe('b');
    c = removeGear(c, 1);
    expect(c.armour).toBeUndefined();
    expect(c.gear.map((g) => g.id)).toEqual(['a']);
  });
});
