/**
 * The rules engine without its schemas: `evaluate`, the maths of each kind,
 * dice, constants and every type, but no zod. The browser's editors import
 * this instead of `index.ts`, whose schemas build zod objects as soon as
 * they load (about 25 KB gzipped); parsing a document (`loadDocument`…)
 * stays in `index.ts` and is loaded when a document is saved or imported.
 * Re-exports only (`functions.ts`); `engine.test.ts` pins that it is the same functions.
 */
export type * from './schemas';
export * from './functions';
