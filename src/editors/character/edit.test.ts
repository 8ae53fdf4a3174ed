import { describe, expect, it } from 'vitest';
import { evaluate, parseDocument } from '../../rules';
import { addGear, newCharacter, removeGear, setAttribute, setSkill, setXp, wearArmour } from './edit';
import { NOW, catalogues, fresh, vest } from './testing';

describe('character edits', () => {
  it('a new character is a valid rank-1 document with 8 attribute and 10 skill points left', () => {
    const c = newCharacter('id1', NOW);
    expect(parseDocument(c)).toEqual(c);
    const r = evaluate(c, catalogues);
    expect(r.valid).toBe(true);
    expect(r.derived).toMatchObject({ rank: 1, attributePointsLeft: 8, skillPointsLeft: 10 });
  });

  it('steppers clamp to the caps of the rank: attributes 1–4 and skills 0–3 at creation, 6 and 4 at rank 4', () => {
    let c = fresh();
    expect(setAttribute(c, 'frame', 6).attributes.frame).toBe(4);
    expect(setAttribute(c, 'frame', 0).attributes.frame).toBe(1);
    expect(setSkill(c, 'brawl', 5).skills.brawl).toBe(3);
    c = setXp(c, 60, NOW);
    expect(setAttribute(c, 'frame', 9).attributes.frame).toBe(6);
    expect(setSkill(c, 'brawl', 9).skills.brawl).toBe(4);
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
