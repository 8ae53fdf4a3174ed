/** The edit-item dialog for one chosen feature: its ranks and its sub-features, under the feature's rule. */
import { useState } from 'react';
import type { BlueprintFeatureChoice, BlueprintFeatureEntry } from '../../rules';
import { CATALOGUE_STEP_RANGE, EditItemDialog, NumberStepper, OptionChips } from '../kit';
import { chooseRuleText } from './model';

export function FeatureDialog(props: {
  entry: BlueprintFeatureEntry;
  choice: BlueprintFeatureChoice;
  readOnly: boolean;
  onCancel: () => void;
  onConfirm: (next: BlueprintFeatureChoice) => void;
}) {
  const { entry, choice } = props;
  const [ranks, setRanks] = useState(choice.ranks ?? 1);
  const [picked, setPicked] = useState<string[]>(choice.subFeatures ?? []);
  const sub = entry.subFeatures;
  const rule = sub?.choose;
  const exactlyOne = !!rule && 'exactly' in rule && rule.exactly === 1;
  const limit = rule ? ('exactly' in rule ? rule.exactly : rule.upTo) : 0;
  const full = !exactlyOne && picked.length >= limit;
  const count = picked.length;
  const problem = rule && 'exactly' in rule && count !== rule.exactly ? `${chooseRuleText(rule)} (${count} chosen now).` : undefined;
  return (
    <EditItemDialog
      open
      title={entry.name}
      eyebrow="Feature"
      onCancel={props.onCancel}
      onConfirm={() => (props.readOnly ? props.onCancel() : props.onConfirm({ ...choice, ...(entry.maxRanks ? { ranks } : {}), ...(sub ? { subFeatures: picked } : {}) }))}
      confirmLabel={props.readOnly ? 'Close' : 'Done'}
    >
      <p className="kit-muted">{entry.text}</p>
      {entry.maxRanks && <NumberStepper id="dialog-ranks" label="Ranks" {...CATALOGUE_STEP_RANGE} limit={entry.maxRanks} value={ranks} onChange={setRanks} hint={`${entry.cost} pts per rank`} disabled={props.readOnly} />}
      {sub && rule && (
        <OptionChips<string>
          id="dialog-options"
          label="Options"
          hint={chooseRuleText(rule)}
          multiple={!exactlyOne}
          value={exactlyOne ? (picked[0] ?? '') : picked}
          disabled={props.readOnly}
          onChange={(v) => setPicked(Array.isArray(v) ? v : [v])}
          issues={problem ? [{ path: 'subFeatures', code: 'choose', message: problem, severity: 'error' }] : []}
          options={sub.options.map((o) => ({
            value: o.id,
            label: o.name,
            detail: o.cost ? `+${o.cost} pt${o.cost === 1 ? '' : 's'}` : 'free',
            unavailable: full && !picked.includes(o.id) ? `Up to ${limit}: clear one first` : undefined,
          }))}
        />
      )}
      {sub && (
        <ul className="bp-option-texts">
          {sub.options.map((o) => (
            <li key={o.id}>
              <strong>{o.name}:</strong> {o.text}
            </li>
          ))}
        </ul>
      )}
    </EditItemDialog>
  );
}
