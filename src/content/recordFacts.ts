/**
 * What every build derives from each page record again: its database
 * document (the record's JSON), the hash its HTML is cached by, the hash the
 * new-version notice compares, and its search sections. A record never
 * changes once loaded, and these depend on the record alone, so load.ts
 * computes them when it parses a page and keeps them with the parse in the
 * build cache: a rebuild after one page changed computes them for that page
 * only (at 5,000 pages they were 2 s of every rebuild). Node only.
 */
import { createHash } from 'node:crypto';
import type { PageRecord } from './types';
import { sectionParts, type SectionPart } from './sections';

export interface RecordFacts {
  /** `JSON.stringify` of the record without `_lines`: the database document. */
  document: string;
  /** Hash of the whole record: part of the key its HTML is cached by. */
  digest: string;
  /** Hash of what a reader sees of the page (DECISIONS.md "Build manifest"). */
  shows: string;
  /** Search sections, without what the page's place adds (sections.ts). */
  sections: SectionPart[];
}

/**
 * The facts travel on the record itself, under a registered symbol and not
 * enumerable (JSON and spreads never see them): the server bundle renders the
 * records load.ts loaded with its own copy of this module, and both copies
 * name the same symbol, with no state of their own.
 */
const FACTS = Symbol.for('nucleus.recordFacts');
type WithFacts = PageRecord & { [FACTS]?: RecordFacts };

const hash = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length);

function documentOf(record: PageRecord): Record<string, unknown> {
  const { _lines, ...document } = record as PageRecord & { _lines?: unknown };
  return document;
}

/** Computes the facts of a record (what the cache keeps). */
export function computeFacts(record: PageRecord): RecordFacts {
  const document = JSON.stringify(documentOf(record));
  return {
    document,
    digest: hash(`${document}\0${JSON.stringify((record as { _lines?: unknown })._lines ?? null)}`, 24),
    shows: hash(JSON.stringify([record.title, record.description, record.body, record.redirect ?? null]), 12),
    sections: sectionParts(record),
  };
}

/** The facts of a record: those load.ts kept with it, else computed now (and kept). */
export function factsOf(record: PageRecord): RecordFacts {
  return (record as WithFacts)[FACTS] ?? rememberFacts(record, computeFacts(record));
}

/** Tells what a record's facts are (load.ts, for a record rebuilt from the cache). */
export function rememberFacts(record: PageRecord, facts: RecordFacts): RecordFacts {
  Object.defineProperty(record, FACTS, { value: facts, enumerable: false, configurable: true, writable: true });
  return facts;
}
