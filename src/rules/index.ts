/**
 * The Nucleus rules engine (GAME.md): schemas, `evaluate`, dice maths.
 * Pure: no DOM, no Node, nothing else of the project. Re-exports only:
 * the functions `engine.ts` (the zod-free entry) exposes, the zod schemas
 * and the document parsers.
 */
export * from './functions';
export * from './schemas';
export { parseDocument, migrateDocument, loadDocument, documentProblems } from './documents';
