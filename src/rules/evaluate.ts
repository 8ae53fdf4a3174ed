/**
 * `evaluate(document, catalogues)`: every rule a document breaks, in place,
 * and the values derived from it. Rule issues never stop a document from
 * loading or saving; `valid` says whether any error is left.
 */
import type { Catalogues, NucleusDocument, Blueprint, Core, Character, Creature } from './schemas';
import { emptyCatalogues } from './basics';
import { IssueList, type Issue } from './issues';
import { evaluateBlueprint, type BlueprintDerived } from './blueprint';
import { evaluateCore, type CoreDerived } from './core';
import { evaluateCharacter, type CharacterDerived } from './character';
import { evaluateCreature, type CreatureDerived } from './creature';

export type Derived = BlueprintDerived | CoreDerived | CharacterDerived | CreatureDerived;

export interface Evaluation<D = Derived> {
  valid: boolean;
  issues: Issue[];
  derived: D;
}

export function evaluate(doc: Blueprint, catalogues?: Partial<Catalogues>): Evaluation<BlueprintDerived>;
export function evaluate(doc: Core, catalogues?: Partial<Catalogues>): Evaluation<CoreDerived>;
export function evaluate(doc: Character, catalogues?: Partial<Catalogues>): Evaluation<CharacterDerived>;
export function evaluate(doc: Creature, catalogues?: Partial<Catalogues>): Evaluation<CreatureDerived>;
export function evaluate(doc: NucleusDocument, catalogues?: Partial<Catalogues>): Evaluation<BlueprintDerived | CoreDerived | CharacterDerived | CreatureDerived>;
export function evaluate(doc: NucleusDocument, partial: Partial<Catalogues> = {}): Evaluation<unknown> {
  const catalogues = { ...emptyCatalogues(), ...partial };
  const issues = new IssueList();
  let derived: unknown;
  switch (doc.kind) {
    case 'blueprint':
      derived = evaluateBlueprint(doc, catalogues, issues);
      break;
    case 'core':
      derived = evaluateCore(doc, catalogues, issues);
      break;
    case 'character':
      derived = evaluateCharacter(doc, catalogues, issues);
      break;
    case 'creature':
      derived = evaluateCreature(doc, catalogues, issues);
      break;
  }
  return { valid: issues.valid, issues: issues.items, derived };
}
