/**
 * `evaluate(document, catalogues)`: every rule a document breaks, in place,
 * and the values derived from it, judged against the official catalogues
 * and the document's own copies of pack entries (homebrew.ts). Rule issues never stop a document from
 * loading or saving; `valid` says whether any error is left.
 */
import type { Catalogues, NucleusDocument, Blueprint, Core, Character, Creature, Encounter, Pack } from './schemas';
import { emptyCatalogues } from './basics';
import { IssueList, type Issue } from './issues';
import { evaluateBlueprint, type BlueprintDerived } from './blueprint';
import { evaluateCore, type CoreDerived } from './core';
import { evaluateCharacter, type CharacterDerived } from './character';
import { evaluateCreature, type CreatureDerived } from './creature';
import { evaluateEncounter, type EncounterDerived } from './encounter';
import { evaluatePack, type PackDerived } from './pack';
import { withHomebrew } from './homebrew';

export type Derived = BlueprintDerived | CoreDerived | CharacterDerived | CreatureDerived | EncounterDerived | PackDerived;

/**
 * The values `evaluate` derives for a document of kind D: an editor that
 * knows its kind reads its own derived values without a cast. A union of
 * kinds (NucleusDocument) gives the union of their values.
 */
export type DerivedOf<D extends NucleusDocument> = D extends Blueprint
  ? BlueprintDerived
  : D extends Core
    ? CoreDerived
    : D extends Character
      ? CharacterDerived
      : D extends Creature
        ? CreatureDerived
        : D extends Encounter
          ? EncounterDerived
          : D extends Pack
            ? PackDerived
            : never;

export interface Evaluation<D = Derived> {
  valid: boolean;
  issues: Issue[];
  derived: D;
}

export function evaluate(doc: Blueprint, catalogues?: Partial<Catalogues>): Evaluation<BlueprintDerived>;
export function evaluate(doc: Core, catalogues?: Partial<Catalogues>): Evaluation<CoreDerived>;
export function evaluate(doc: Character, catalogues?: Partial<Catalogues>): Evaluation<CharacterDerived>;
export function evaluate(doc: Creature, catalogues?: Partial<Catalogues>): Evaluation<CreatureDerived>;
export function evaluate(doc: Encounter, catalogues?: Partial<Catalogues>): Evaluation<EncounterDerived>;
export function evaluate(doc: Pack, catalogues?: Partial<Catalogues>): Evaluation<PackDerived>;
/** A document whose kind is a type parameter (the editor kit's `D`), or any kind: the union of their values. */
export function evaluate<D extends NucleusDocument>(doc: D, catalogues?: Partial<Catalogues>): Evaluation<DerivedOf<D>>;
export function evaluate(doc: NucleusDocument, partial: Partial<Catalogues> = {}): Evaluation<unknown> {
  // A document's copies of pack entries join the official ones under qualified ids (SPEC.md P4).
  const catalogues = withHomebrew({ ...emptyCatalogues(), ...partial }, doc.kind === 'pack' ? undefined : doc.homebrew);
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
    case 'encounter':
      // Its snapshots carry every value it needs: no catalogue is read.
      derived = evaluateEncounter(doc, issues);
      break;
    case 'pack':
      // The catalogues here are the official ones a pack's entries may require.
      derived = evaluatePack(doc, catalogues, issues);
      break;
  }
  return { valid: issues.valid, issues: issues.items, derived };
}
