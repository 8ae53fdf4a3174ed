/**
 * Dice-at-a-glance benchmark: npm run --silent bench:dice
 * Times the character editor's dice table (12 skills × difficulties 1–6,
 * with and without edge, exact) for a rank-10 character: the editor's idle
 * warm-up in a fresh process (every pool's distribution computed by code not
 * yet optimised), the first table after it, and a table after each of 500
 * changes (one skill or attribute stepped). Prints numbers only.
 */
import { diceAtAGlance, warmDice } from '../../src/editors/character/dice';
import { SKILL_NAMES, ATTRIBUTES } from '../../src/rules';

const hero = {
  attributes: { frame: 5, reflex: 6, logic: 4, nerve: 3, sync: 6 },
  skills: { athletics: 4, brawl: 3, firearms: 5, piloting: 3, stealth: 4, engineering: 2, medicine: 2, investigation: 3, persuasion: 2, intimidation: 3, hacking: 5, interface: 5 },
};

const quantile = (s: number[], q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;

// What the editor does in idle time when it opens: every pool 1–11, both modes, from nothing.
let t = performance.now();
warmDice();
const warmup = performance.now() - t;

t = performance.now();
diceAtAGlance(hero);
const first = performance.now() - t;

const times: number[] = [];
for (let i = 0; i < 500; i++) {
  const skill = SKILL_NAMES[i % 12]!;
  const attr = ATTRIBUTES[i % 5]!;
  const c = { attributes: { ...hero.attributes, [attr]: 1 + (i % 6) }, skills: { ...hero.skills, [skill]: i % 6 } };
  const a = performance.now();
  diceAtAGlance(c, i % 7 === 0);
  times.push(performance.now() - a);
}
times.sort((a, b) => a - b);
const row = {
  case: 'dice table, rank-10 character, 12 skills',
  'idle warm-up ms (cold process)': Number(warmup.toFixed(2)),
  'first table ms': Number(first.toFixed(3)),
  'median ms': Number(quantile(times, 0.5).toFixed(3)),
  'p95 ms': Number(quantile(times, 0.95).toFixed(3)),
  'max ms': Number(times.at(-1)!.toFixed(3)),
};
console.table([row]);
console.log(JSON.stringify([row]));
