import { describe, expect, it } from 'vitest';
import * as engine from './engine';
import * as rules from './index';

describe('engine (the zod-free surface for the browser)', () => {
  it('exports the same functions and values as index.ts, minus the schemas and the parsers', () => {
    for (const [name, value] of Object.entries(engine)) expect(rules[name as keyof typeof rules], name).toBe(value);
    const left = Object.keys(rules).filter((n) => !(n in engine));
    expect(left.filter((n) => !/Schema$|^(parseDocument|migrateDocument|loadDocument|documentProblems|catalogueSchemas|CATALOGUE_NAMES)$/.test(n))).toEqual([]);
  });
});
