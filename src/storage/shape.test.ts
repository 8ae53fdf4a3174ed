import { describe, expect, it } from 'vitest';
import { character, core } from '../rules/testing';
import { MAX_DOCUMENT_DEPTH, MAX_DOCUMENT_VALUES, shapeProblem } from './shape';

/** `depth` lists inside one another, built without recursion. */
function nested(depth: number): unknown {
  let v: unknown = [];
  for (let i = 1; i < depth; i++) v = [v];
  return v;
}

describe('the shape of a document from outside: how deep and how wide', () => {
  it('real documents pass', () => {
    expect(shapeProblem(character({ id: 'p', cores: [core({ id: 'c1' }), core({ id: 'c2' })] } as never))).toBeNull();
    expect(shapeProblem(nested(MAX_DOCUMENT_DEPTH))).toBeNull();
  });

  it('one level past the limit, or 200,000 levels, is refused with a sentence and never overflows the stack', () => {
    expect(shapeProblem(nested(MAX_DOCUMENT_DEPTH + 1))).toBe('it nests more than 64 levels deep, and a document may nest at most 64');
    const deep = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000));
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(shapeProblem({ kind: 'core', notes: deep })).toMatch(/nests more than 64 levels/);
  });

  it('more values than the limit, in one list or spread over many, is refused', () => {
    // The document, its list and the list's values.
    expect(shapeProblem({ tags: new Array(MAX_DOCUMENT_VALUES - 2).fill(0) })).toBeNull();
    expect(shapeProblem({ tags: new Array(MAX_DOCUMENT_VALUES - 1).fill(0) })).toBe('it holds more than 100,000 values, and a document may hold at most that many');
    const spread = Array.from({ length: 1_000 }, () => Array.from({ length: 101 }, () => ({ a: 1 })));
    expect(shapeProblem({ spread })).toMatch(/more than 100,000 values/);
  });
});
