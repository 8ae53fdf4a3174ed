/**
 * The core editor's edits as data: `applyCoreEdit(core, edit)` returns the
 * next document and never changes the one it is given, so undo/redo can keep
 * plain snapshots. Edits never refuse a rule break (evaluate reports it); they
 * only keep the document's shape (a whole-number potency, a known field).
 */
import { newDocumentFields, type Core } from '../../rules';

export type CoreProperty = 'tier' | 'discipline' | 'activation' | 'range' | 'duration';

export type CoreEdit =
  | { type: 'set'; field: 'tier'; value: number }
  | { type: 'set'; field: Exclude<CoreProperty, 'tier'>; value: string }
  | { type: 'addEffect'; id: string }
  | { type: 'removeEffect'; index: number }
  | { type: 'setPotency'; index: number; potency: number }
  | { type: 'addSideEffect'; id: string }
  | { type: 'removeSideEffect'; id: string };

/** A fresh core: tier 1, the cheapest properties, no effect yet (evaluate asks for one). */
export function newCore(id: string, now: string, name = 'New core'): Core {
  return {
    kind: 'core',
    ...newDocumentFields(id, name, now),
    tier: 1,
    discipline: 'kinetic',
    activation: 'action',
    range: 'self',
    duration: 'instant',
    effects: [],
    sideEffects: [],
  };
}

export function applyCoreEdit(core: Core, edit: CoreEdit): Core {
  switch (edit.type) {
    case 'set':
      return {
        ...core,
        [edit.field]: edit.field === 'tier' ? Math.round(Number(edit.value)) : edit.value,
      } as Core;
    case 'addEffect':
      // A second copy is what `duplicate-effect` warns about; the picker offers a potency raise instead.
      if (core.effects.some((e) => e.id === edit.id)) return core;
      return {
        ...core,
        effects: [...core.effects, { id: edit.id, potency: 1 }],
      };
    case 'removeEffect':
      return {
        ...core,
        effects: core.effects.filter((_, i) => i !== edit.index),
      };
    case 'setPotency':
      if (!core.effects[edit.index] || !Number.isFinite(edit.potency)) return core;
      return {
        ...core,
        effects: core.effects.map((e, i) => (i === edit.index ? { ...e, potency: Math.round(edit.potency) } : e)),
      };
    case 'addSideEffect':
      if (core.sideEffects.includes(edit.id)) return core;
      return { ...core, sideEffects: [...core.sideEffects, edit.id] };
    case 'removeSideEffect':
      return {
        ...core,
        sideEffects: core.sideEffects.filter((id) => id !== edit.id),
      };
  }
}
