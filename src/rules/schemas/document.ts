/** Any saved document: a union on `kind`. */
import { z } from 'zod';
import { blueprintSchema } from './blueprint';
import { coreSchema } from './core';
import { characterSchema } from './character';
import { creatureSchema } from './creature';
import { encounterSchema } from './encounter';
import { packSchema } from './pack';
import { expected } from './common';
import { DOCUMENT_KINDS } from '../basics';

export { DOCUMENT_KINDS };

export const documentSchema = z.discriminatedUnion(
  'kind',
  [
    // A blueprint is itself a union on `type`; the wrapper lets the outer union see `kind`.
    z.looseObject({ kind: z.literal('blueprint') }).pipe(blueprintSchema),
    coreSchema,
    characterSchema,
    creatureSchema,
    encounterSchema,
    packSchema,
  ],
  { error: expected(`one of ${DOCUMENT_KINDS.join(', ')}`) },
);

export type NucleusDocumentInput = z.input<typeof documentSchema>;
export type NucleusDocument = z.output<typeof documentSchema>;
export type DocumentKind = NucleusDocument['kind'];
