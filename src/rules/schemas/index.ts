/** Every schema of the rules engine, one file per concept. */
export { SCHEMA_VERSION, attributesSchema, skillsSchema, newDocumentFields } from './common';
export * from './blueprint';
export * from './core';
export * from './character';
export * from './creature';
export * from './encounter';
export * from './document';
export * from './feature';
export * from './blueprint-feature';
export * from './core-effect';
export * from './core-side-effect';
export * from './creature-property';
export * from './gear';
export * from './bestiary';
export * from './catalogues';
export * from './pack';
