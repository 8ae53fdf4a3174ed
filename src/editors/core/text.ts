/**
 * The rules text of a whole core as a player reads it at the table: one
 * heading line, one line for how it is used, each effect's text at its
 * potency, each side effect's drawback. Pure, so the summary, the print card
 * and the tests read the same words. Effects or side effects the catalogue
 * does not know are left out (evaluate already reports them).
 */
import { evaluate, renderEffectText, type Core } from '../../rules/engine';
import type { CoreCatalogues } from './options';

const ACTIVATION_TEXT: Record<string, string> = {
  action: 'Use your action to activate it',
  reaction: 'Activate it as a reaction, even outside your turn',
  passive: 'It is always active (passive)',
};
const RANGE_TEXT: Record<string, string> = {
  self: 'it affects only you',
  touch: 'it reaches someone or something you touch',
  near: 'it reaches a target near you',
  far: 'it reaches a target far from you',
};
const DURATION_TEXT: Record<string, string> = {
  instant: 'its effects happen at once',
  scene: 'its effects last until the end of the scene',
  sustained: 'its effects last as long as you keep it sustained',
};

export interface CoreCardEffect {
  name: string;
  potency: number;
  text: string;
}

export interface CoreCard {
  name: string;
  /** "Tier 2 neural core · Strain 1 to activate". */
  heading: string;
  /** How it is used: activation, range, duration in a sentence. */
  usage: string;
  effects: CoreCardEffect[];
  sideEffects: { name: string; text: string }[];
}

/** The core as a card of rules text. */
export function coreCard(core: Core, catalogues: CoreCatalogues): CoreCard {
  const { strain } = evaluate(core, catalogues).derived;
  const effects: CoreCardEffect[] = [];
  for (const choice of core.effects) {
    const entry = catalogues.coreEffects.find((e) => e.id === choice.id);
    if (entry)
      effects.push({
        name: entry.name,
        potency: choice.potency,
        text: renderEffectText(entry, choice.potency),
      });
  }
  const sideEffects = core.sideEffects.flatMap((id) => {
    const entry = catalogues.coreSideEffects.find((e) => e.id === id);
    return entry ? [{ name: entry.name, text: entry.text }] : [];
  });
  const usage = `${ACTIVATION_TEXT[core.activation] ?? core.activation}; ${RANGE_TEXT[core.range] ?? core.range}; ${DURATION_TEXT[core.duration] ?? core.duration}.`;
  return {
    name: core.name.trim() || 'Unnamed core',
    heading: `Tier ${core.tier} ${core.discipline} core · Strain ${strain} to activate`,
    usage,
    effects,
    sideEffects,
  };
}

/** The card as plain text (copy, print, tests). */
export function coreRulesText(core: Core, catalogues: CoreCatalogues): string {
  const card = coreCard(core, catalogues);
  const lines = [card.name, card.heading, card.usage];
  for (const e of card.effects) lines.push(`${e.name} (potency ${e.potency}): ${e.text}`);
  for (const s of card.sideEffects) lines.push(`Side effect — ${s.name}: ${s.text}`);
  if (card.effects.length === 0) lines.push('No effect yet.');
  return lines.join('\n');
}
