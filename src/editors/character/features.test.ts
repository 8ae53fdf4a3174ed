import { describe, expect, it } from 'vitest';
import { evaluate } from '../../rules';
import { canTakeAnyway, currentMessage, featureStatus } from './features';
import { dropFeature, setXp, takeFeature } from './edit';
import { NOW, catalogues, fresh } from './testing';

const entry = (id: string) => catalogues.features.find((f) => f.id === id)!;
const status = (c = fresh(), id: string) => featureStatus(c, entry(id), catalogues);

describe('feature status', () => {
  it('a tier-1 feature without prerequisites is available to a new character', () => {
    expect(status(fresh(), 'quick-draw')).toMatchObject({ state: 'available', times: 0, reason: undefined });
  });

  it('a tier-2 feature is locked below rank 4 and says which rank it needs', () => {
    const s = status(takeFeature(fresh(), 'quick-draw'), 'double-tap');
    expect(s.state).toBe('locked');
    expect(s.reason).toBe('Double Tap is a tier 2 feature: it needs rank 4 (this character is rank 1).');
  });

  it('a feature whose prerequisite is missing is locked and names the prerequisite; taking it first unlocks it', () => {
    const c = setXp(fresh(), 60, NOW);
    const s = status(c, 'deadeye');
    expect(s).toMatchObject({ state: 'locked', missing: ['Steady Aim'], reason: 'Deadeye needs Steady Aim first.' });
    expect(status(takeFeature(c, 'steady-aim'), 'deadeye').state).toBe('available');
    // The engine agrees with the lock: the same choice taken anyway is a prerequisite issue.
    expect(evaluate(takeFeature(c, 'deadeye'), catalogues).issues.map((i) => i.code)).toContain('prerequisite');
  });

  it('a feature that may be taken several times counts up to its maximum, then is maxed', () => {
    let c = fresh();
    c = takeFeature(c, 'iron-will');
    expect(status(c, 'iron-will')).toMatchObject({ state: 'taken', times: 1, reason: undefined });
    c = takeFeature(c, 'iron-will');
    c = setXp(c, 10, NOW);
    c = takeFeature(c, 'iron-will');
    expect(c.features).toEqual([{ id: 'iron-will', times: 3 }]);
    expect(status(c, 'iron-will')).toMatchObject({ state: 'maxed', times: 3, reason: 'Iron Will is taken 3 times, the most allowed.' });
    expect(dropFeature(c, 'iron-will').features).toEqual([{ id: 'iron-will', times: 2 }]);
    expect(dropFeature(dropFeature(c, 'iron-will'), 'iron-will').features).toEqual([{ id: 'iron-will' }]);
  });

  it('with every slot used, an available feature is locked with the slot count', () => {
    const c = ['quick-draw', 'steady-aim', 'iron-will'].reduce(takeFeature, fresh());
    expect(status(c, 'iron-will').reason).toBe('No feature slot left (3 of 3 used): gain a rank or give up a feature.');
    expect(status(c, 'quick-draw').state).toBe('maxed');
  });

  it('says which held features need this one', () => {
    const c = ['quick-draw', 'double-tap'].reduce(takeFeature, setXp(fresh(), 60, NOW));
    expect(status(c, 'quick-draw').neededBy).toEqual(['Double Tap']);
  });

  it('a locked feature can be taken anyway (the engine then says the rule); a once-only feature held cannot be taken twice', () => {
    const locked = status(fresh(), 'double-tap');
    expect(canTakeAnyway(locked)).toBe(true);
    const issues = evaluate(takeFeature(fresh(), 'double-tap'), catalogues).issues;
    expect(issues.map((i) => i.code)).toContain('tier-rank');
    expect(canTakeAnyway(status(fresh(), 'quick-draw'))).toBe(false);
    expect(canTakeAnyway(status(takeFeature(fresh(), 'quick-draw'), 'quick-draw'))).toBe(false);
  });

  it('a message about a feature lasts only while its count is what it said', () => {
    const c = takeFeature(fresh(), 'quick-draw');
    const all = (x: typeof c) => catalogues.features.map((f) => featureStatus(x, f, catalogues));
    const taken = { id: 'quick-draw', kind: 'done' as const, text: 'Quick Draw taken.', times: 1 };
    expect(currentMessage(taken, all(c))).toBe(taken);
    expect(currentMessage(taken, all(dropFeature(c, 'quick-draw')))).toBeUndefined();
    const readOnly = { id: 'quick-draw', kind: 'refused' as const, text: 'This character is read-only.' };
    expect(currentMessage(readOnly, all(fresh()))).toBe(readOnly);
  });
});
