/**
 * The hero document: who the character is (concept, origin, XP and rank),
 * the five attributes and the twelve skills. Steppers go past the caps of
 * the character's rank (the rule's issue shows in place) and stop only at
 * the game's range; the points left are shown where they are spent, and
 * each skill shows its governing attribute and the dice pool it gives.
 */
import { ATTRIBUTES, SKILL_NAMES, SKILLS, attributePointsForRank, skillPointsForRank, skillPool, type Character } from '../../rules/engine';
import { FieldIssues, Meter, NumberStepper, TextField, fieldId, issuesAt, useEditor } from '../kit';
import { ATTRIBUTE_LABELS, SKILL_LABELS, useCharacterData } from './data';
import { ATTRIBUTE_RANGE, SKILL_RANGE, setXp } from './edit';
import { toSpend, xpToNextRank } from './advancement';

function PointsLeft({ label, left, total, id }: { label: string; left: number; total: number; id: string }) {
  const spent = total - left;
  return (
    <div className="ch-points" id={id}>
      <span className="ch-points-text">
        {label}: <strong data-points-left>{left}</strong> of {total}
        {left < 0 ? ' (overspent)' : ''}
      </span>
      <Meter label={`${label.replace(' left', '')} spent`} value={spent} max={total} />
    </div>
  );
}

export function HeroDocument() {
  const { doc, evaluation, change } = useEditor<Character>();
  const { now } = useCharacterData();
  const d = evaluation.derived;
  const next = xpToNextRank(doc.xp);
  const spend = toSpend(doc);
  const attrIssues = issuesAt(evaluation.issues, 'attributes');
  const skillIssues = issuesAt(evaluation.issues, 'skills');

  return (
    <section className="ch-section" aria-labelledby="ch-hero-title" id="hero">
      <h2 id="ch-hero-title">Hero</h2>
      <div className="ch-grid-2">
        <TextField path="concept" label="Concept" placeholder="Ex-corporate medic with a grudge" />
        <TextField path="origin" label="Origin" placeholder="Born on the Kessler docks" />
      </div>
      <div className="ch-xp-row">
        <NumberStepper
          path="xp"
          label="XP"
          min={0}
          max={9999}
          page={10}
          onChange={(v) => change((c) => setXp(c, v, now()))}
          hint={next ? `Rank ${d.rank}; rank ${next.next} at ${next.at} XP (${next.needed} to go)` : `Rank ${d.rank}, the highest`}
        />
        <p className="ch-rank" aria-live="polite">
          <span className="ch-rank-label">Rank</span> <strong data-rank>{d.rank}</strong>
        </p>
      </div>
      {spend.length > 0 && (
        <p className="ch-to-spend" role="status">
          To spend: {spend.join(', ')}. <a href="#attributes">Attributes</a> · <a href="#skills">Skills</a> · <a href="#features">Features</a>
        </p>
      )}

      <fieldset className="ch-block" id={fieldId('attributes')} tabIndex={-1} data-field-path="attributes">
        <legend id="attributes">Attributes</legend>
        <PointsLeft id="ch-attr-points" label="Attribute points left" left={d.attributePointsLeft} total={attributePointsForRank(d.rank)} />
        <p className="ch-muted">Each starts at 1; each step above 1 costs a point. Cap {d.attributeCap} at rank {d.rank}.</p>
        <FieldIssues id={fieldId('attributes')} issues={attrIssues} />
        <div className="ch-steppers ch-attrs">
          {ATTRIBUTES.map((a) => (
            <NumberStepper key={a} path={`attributes.${a}`} label={ATTRIBUTE_LABELS[a]} min={ATTRIBUTE_RANGE.min} max={ATTRIBUTE_RANGE.max} />
          ))}
        </div>
      </fieldset>

      <fieldset className="ch-block" id={fieldId('skills')} tabIndex={-1} data-field-path="skills">
        <legend id="skills">Skills</legend>
        <PointsLeft id="ch-skill-points" label="Skill points left" left={d.skillPointsLeft} total={skillPointsForRank(d.rank)} />
        <p className="ch-muted">Each rank costs a point. Cap {d.skillCap} at rank {d.rank}. Pool = governing attribute + rank.</p>
        <FieldIssues id={fieldId('skills')} issues={skillIssues} />
        <div className="ch-steppers ch-skills">
          {SKILL_NAMES.map((s) => {
            const attr = SKILLS[s];
            const pool = skillPool(doc, s);
            return (
              <NumberStepper
                key={s}
                path={`skills.${s}`}
                label={SKILL_LABELS[s]}
                min={SKILL_RANGE.min}
                max={SKILL_RANGE.max}
                hint={
                  <>
                    {ATTRIBUTE_LABELS[attr]} · pool <span data-pool={s}>{pool}</span>
                  </>
                }
              />
            );
          })}
        </div>
      </fieldset>
    </section>
  );
}
