/**
 * The character editor's form: hero, features, ranks, gear and cores, and
 * the dice table, with the data those panels share (catalogues, the
 * player's own blueprints and cores, links).
 */
import { useEffect, useMemo, useState } from 'react';
import { emptyCatalogues, type Blueprint, type Catalogues, type Character, type Core } from '../../rules/engine';
import type { StoredDocument } from '../../storage/types';
import { withBase } from '../../config/base';
import { getRepository, newDocumentId, rulesHref, type EditorViewProps } from '../kit';
import { CharacterDataContext, type CharacterData } from './data';
import type { OwnDocument } from './origin';
import { HeroDocument } from './HeroDocument';
import { FeatureDocument } from './FeatureDocument';
import { RanksPanel } from './RanksPanel';
import { GearPanel } from './GearPanel';
import { DiceTable } from './DiceTable';
import { TablePanel } from './TablePanel';
import { useSharedCopies } from './sharedCopies';

type Own = CharacterData['own'];

const live = <D,>(list: StoredDocument[]) => list.filter((s) => !s.deletedAt && !(s as { problem?: string }).problem).map((s) => ({ id: s.id, revision: s.revision, document: s.document as D }) as OwnDocument<D>);

/** The player's own blueprints and cores, kept current while the editor is open (another tab may save one). */
function useOwnDocuments(): Own {
  const [own, setOwn] = useState<Own>({ blueprints: [], cores: [], loaded: false });
  useEffect(() => {
    const repo = getRepository();
    let alive = true;
    const load = () =>
      Promise.all([repo.list({ kind: 'blueprint', sort: 'name' }), repo.list({ kind: 'core', sort: 'name' })]).then(
        ([b, c]) => alive && setOwn({ blueprints: live<Blueprint>(b), cores: live<Core>(c), loaded: true }),
        () => alive && setOwn((o) => ({ ...o, loaded: true })),
      );
    void load();
    const stop = repo.subscribe((e) => {
      if (e.kind === undefined || e.kind === 'blueprint' || e.kind === 'core') void load();
    });
    return () => {
      alive = false;
      stop();
    };
  }, []);
  return own;
}

const EDITOR_SLUG = { blueprint: 'BlueprintEditor', core: 'CoreEditor' } as const;

export function CharacterForm({ doc, evaluation, catalogues, rulesLinks }: EditorViewProps<Character>) {
  const own = useOwnDocuments();
  useSharedCopies();
  const full = useMemo<Catalogues>(() => ({ ...emptyCatalogues(), ...catalogues }), [catalogues]);
  const data = useMemo<CharacterData>(
    () => ({
      catalogues: full,
      own,
      rulesHref: (catalogue, id) => rulesHref(rulesLinks, catalogue, id),
      editorHref: (kind, id) => withBase(`/nucleus/${EDITOR_SLUG[kind]}${id ? `?id=${encodeURIComponent(id)}` : ''}`),
      newId: newDocumentId,
      now: () => new Date().toISOString(),
    }),
    [full, own, rulesLinks],
  );
  const d = evaluation.derived;
  return (
    <CharacterDataContext.Provider value={data}>
      <nav className="ch-jump" aria-label="Character sections">
        <a href="#hero">Hero</a>
        <a href="#features">Features</a>
        <a href="#ranks">Ranks</a>
        <a href="#gear">Gear and cores</a>
        <a href="#table">At the table</a>
        <a href="#dice">Dice</a>
      </nav>
      <HeroDocument />
      <FeatureDocument />
      <RanksPanel />
      <GearPanel />
      <section className="ch-section" aria-labelledby="ch-table-title" id="table">
        <h2 id="ch-table-title">At the table</h2>
        <TablePanel doc={doc} overBulk={d.overBulk} catalogues={full} />
      </section>
      <section className="ch-section" aria-labelledby="ch-dice-title" id="dice">
        <h2 id="ch-dice-title">Dice at a glance</h2>
        <p className="ch-muted">Exact chances (no simulation) that a skill roll scores at least as many hits as the difficulty.</p>
        <DiceTable doc={doc} overBulk={d.overBulk} />
      </section>
    </CharacterDataContext.Provider>
  );
}
