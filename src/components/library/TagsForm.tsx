/** The library's tag editor, the body of its "Edit tags" dialog. */
import { useId, useState } from 'react';
import type { DocumentSummary } from '../../storage';
import { parseTags } from './actions';
import type { ConfirmedStep } from './libraryState';

/**
 * Tags as chips: Enter or a comma adds what is typed as a chip (it never
 * saves or closes), Backspace in the empty box takes the last one back, ×
 * removes one; suggestions are the tags already used. "Save tags" saves.
 */
export function TagsForm({ doc, known, onConfirm, onClose }: { doc: DocumentSummary; known: readonly string[]; onConfirm: (step: ConfirmedStep) => void; onClose: () => void }) {
  const [tags, setTags] = useState<string[]>(doc.tags);
  const [text, setText] = useState('');
  const inputId = useId();
  const add = (raw: string) => {
    const next = parseTags(raw).filter((t) => !tags.includes(t));
    if (next.length) setTags([...tags, ...next]);
    setText('');
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm({ type: 'tags', doc, tags: parseTags([...tags, text].join(',')) });
      }}
    >
      <label htmlFor={inputId} className="lib-label">
        Add a tag
      </label>
      <ul className="lib-tag-chips" aria-label="Tags">
        {tags.map((t) => (
          <li key={t} className="lib-tag-chip">
            {t}
            <button type="button" className="lib-tag-remove" onClick={() => setTags(tags.filter((x) => x !== t))}>
              <svg viewBox="0 0 24 24" width="12" height="12" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
              <span className="visually-hidden">Remove {t}</span>
            </button>
          </li>
        ))}
      </ul>
      <input
        id={inputId}
        className="lib-input"
        value={text}
        list={`${inputId}-known`}
        onChange={(e) => {
          const v = e.currentTarget.value;
          if (v.includes(',')) add(v);
          else setText(v);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add(text);
          } else if (e.key === 'Backspace' && !text && tags.length) setTags(tags.slice(0, -1));
        }}
        data-autofocus
        autoComplete="off"
        aria-describedby={`${inputId}-hint`}
      />
      <p id={`${inputId}-hint`} className="lib-hint">
        Enter or a comma adds the tag; Save tags keeps them.
      </p>
      <datalist id={`${inputId}-known`}>
        {known
          .filter((t) => !tags.includes(t))
          .map((t) => (
            <option key={t} value={t} />
          ))}
      </datalist>
      <div className="lib-dialog-actions">
        <button type="submit" className="btn btn-primary">
          Save tags
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
