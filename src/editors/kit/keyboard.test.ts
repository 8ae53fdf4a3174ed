import { describe, expect, it } from 'vitest';
import { CATALOGUE_STEP_RANGE, canStep, historyShortcut, pageStep, parseWhole, stepperKey, typedProblem } from './keyboard';

const r = { min: 1, max: 8 };
const keys = { ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };

describe('stepper keyboard', () => {
  it('[K1] arrows step by one step within the range', () => {
    expect(stepperKey('ArrowUp', 2, r)).toBe(3);
    expect(stepperKey('ArrowDown', 2, r)).toBe(1);
    expect(stepperKey('ArrowDown', 1, r)).toBe(1);
    expect(stepperKey('ArrowUp', 8, r)).toBe(8);
    expect(stepperKey('ArrowUp', 2, { min: 0, max: 10, step: 2 })).toBe(4);
  });
  it('[K2] PageUp/PageDown take bigger steps, clamped', () => {
    expect(pageStep({ min: 1, max: 10 })).toBe(2);
    expect(pageStep({ min: 0, max: 100 })).toBe(20);
    expect(stepperKey('PageUp', 2, { min: 1, max: 10 })).toBe(4);
    expect(stepperKey('PageDown', 2, { min: 1, max: 10 })).toBe(1);
    expect(stepperKey('PageUp', 2, { min: 1, max: 10, page: 5 })).toBe(7);
  });
  it('[K3] Home and End go to the ends of the range', () => {
    expect(stepperKey('Home', 5, r)).toBe(1);
    expect(stepperKey('End', 5, r)).toBe(8);
  });
  it('[K4] other keys are not the stepper’s (caret keys stay with the text)', () => {
    for (const k of ['ArrowLeft', 'ArrowRight', 'a', 'Enter', 'Tab']) expect(stepperKey(k, 5, r)).toBeNull();
  });
  it('[K5] a value outside the range steps back into it', () => {
    expect(stepperKey('ArrowUp', 12, r)).toBe(8);
    expect(stepperKey('ArrowDown', -3, r)).toBe(1);
    expect(stepperKey('ArrowUp', Number.NaN, r)).toBe(2);
  });
  it('[K5b] the − and + buttons stop only at the ends of the whole range (a rule\'s cap inside it is passed)', () => {
    // A character attribute: range 1–6, creation cap 4 (a rule, not a bound).
    const attribute = { min: 1, max: 6 };
    expect(canStep('up', 4, attribute)).toBe(true);
    expect(canStep('up', 5, attribute)).toBe(true);
    expect(canStep('up', 6, attribute)).toBe(false);
    expect(canStep('down', 1, attribute)).toBe(false);
    expect(canStep('down', 2, attribute)).toBe(true);
    // A typed value outside the range: each button brings it back in.
    expect(canStep('up', 9, attribute)).toBe(true);
    expect(canStep('down', 0, attribute)).toBe(true);
    expect(canStep('up', Number.NaN, attribute)).toBe(true);
  });
  it('[K6] typed text is a whole number or nothing', () => {
    expect(parseWhole(' 7 ')).toBe(7);
    expect(parseWhole('-2')).toBe(-2);
    expect(parseWhole('\u22122')).toBe(-2);
    expect(parseWhole('2.5')).toBeNull();
    expect(parseWhole('')).toBeNull();
    expect(parseWhole('x')).toBeNull();
  });
  it('[K6b] typed text no document can hold is refused with a sentence naming the limit; the field may refuse more', () => {
    expect(typedProblem('Copies of Scuttler', '2.5')).toBe('Copies of Scuttler must be a whole number (it is 2.5).');
    expect(typedProblem('Frame', '99999999999999999999')).toBe('Frame must be at most 9,007,199,254,740,991.');
    expect(typedProblem('Frame', '')).toBeNull();
    expect(typedProblem('Frame', '-3')).toBeNull();
    const atLeastOne = (n: number) => (n < 1 ? `at least 1 (it is ${n})` : undefined);
    expect(typedProblem('Copies', '-5', atLeastOne)).toBe('at least 1 (it is -5)');
    expect(typedProblem('Copies', '3', atLeastOne)).toBeNull();
  });
  it('[K7] undo/redo shortcuts: Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z, Ctrl+Y', () => {
    expect(historyShortcut({ ...keys, key: 'z', ctrlKey: true })).toBe('undo');
    expect(historyShortcut({ ...keys, key: 'z', metaKey: true })).toBe('undo');
    expect(historyShortcut({ ...keys, key: 'Z', ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(historyShortcut({ ...keys, key: 'Z', metaKey: true, shiftKey: true })).toBe('redo');
    expect(historyShortcut({ ...keys, key: 'y', ctrlKey: true })).toBe('redo');
    expect(historyShortcut({ ...keys, key: 'z' })).toBeNull();
    expect(historyShortcut({ ...keys, key: 'z', ctrlKey: true, altKey: true })).toBeNull();
  });
});

describe('a catalogue entry’s limit (an effect’s potency 1–3) inside the whole range', () => {
  const r = { ...CATALOGUE_STEP_RANGE, limit: 3 };
  it('End goes to the limit first, then to the end of the whole range', () => {
    expect(stepperKey('End', 1, r)).toBe(3);
    expect(stepperKey('End', 3, r)).toBe(10);
  });
  it('the arrows and + go past the limit, never past the whole range', () => {
    expect(stepperKey('ArrowUp', 3, r)).toBe(4);
    expect(canStep('up', 3, r)).toBe(true);
    expect(canStep('up', 10, r)).toBe(false);
    expect(canStep('down', 1, r)).toBe(false);
  });
});

