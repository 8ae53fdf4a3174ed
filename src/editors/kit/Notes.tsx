/**
 * Notes in Markdown: write, then read it rendered. Rendering goes through
 * the kit's safe reader (markdown.ts) into React elements, never raw HTML.
 */
import { useState, type ReactNode } from 'react';
import { useField, type FieldBinding } from './context';
import { FieldIssues, describedBy } from './issues';
import { parseMarkdown, type Inline } from './markdown';

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.type) {
      case 'text':
        return n.text;
      case 'code':
        return <code key={i}>{n.text}</code>;
      case 'strong':
        return <strong key={i}>{inline(n.children)}</strong>;
      case 'em':
        return <em key={i}>{inline(n.children)}</em>;
      case 'link':
        return (
          <a key={i} href={n.href} rel="noopener noreferrer nofollow" target={/^https?:/.test(n.href) ? '_blank' : undefined}>
            {inline(n.children)}
          </a>
        );
    }
  });
}

/** Safe Markdown as React elements. */
export function Markdown({ source, className }: { source: string; className?: string }) {
  return (
    <div className={className ?? 'kit-markdown'}>
      {parseMarkdown(source).map((b, i) => {
        if (b.type === 'p') return <p key={i}>{inline(b.children)}</p>;
        if (b.type === 'h') {
          const H = `h${b.level}` as 'h3';
          return <H key={i}>{inline(b.children)}</H>;
        }
        const L = b.type;
        return (
          <L key={i}>
            {b.items.map((item, j) => (
              <li key={j}>{inline(item)}</li>
            ))}
          </L>
        );
      })}
    </div>
  );
}

/** A notes field with Write / Preview tabs. */
export function NotesField(props: FieldBinding<string> & { rows?: number }) {
  const f = useField(props);
  const [preview, setPreview] = useState(false);
  const text = f.value ?? '';
  return (
    <div className="kit-field kit-notes" data-field-path={props.path}>
      <div className="kit-notes-head">
        <label htmlFor={f.id} className="kit-label">
          {props.label}
        </label>
        <button type="button" className="btn kit-small" aria-pressed={preview} onClick={() => setPreview(!preview)}>
          {preview ? 'Edit' : 'Preview'}
        </button>
      </div>
      <span className="kit-hint" id={`${f.id}-hint`}>
        Markdown: **bold**, *italic*, - lists, [links](https://…).
      </span>
      {preview || f.readOnly ? (
        <div className="kit-notes-preview" aria-label={`${props.label} (preview)`} role="region">
          {text.trim() ? <Markdown source={text} /> : <p className="kit-muted">No notes yet.</p>}
        </div>
      ) : null}
      <textarea
        id={f.id}
        className="kit-input kit-textarea"
        hidden={preview || f.readOnly}
        rows={props.rows ?? 4}
        value={text}
        aria-describedby={describedBy(f.id, f.issues, true)}
        onChange={(e) => f.set(e.target.value, { coalesce: `type:${f.id}` })}
        onBlur={f.seal}
      />
      <FieldIssues id={f.id} issues={f.issues} />
    </div>
  );
}
