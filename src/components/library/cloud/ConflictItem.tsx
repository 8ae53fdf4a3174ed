/** A conflict sync kept both versions of: links to compare them, and the choice of which to keep. */
import { useEffect, useState } from 'react';
import type { ConflictRecord } from '../../../storage/sync';
import { loadLocal } from './useCloudPanel';

export function ConflictItem({ conflict, busy, onChoose }: { conflict: ConflictRecord; busy: boolean; onChoose: (c: 'both' | 'original' | 'copy') => void }) {
  const [links, setLinks] = useState<{ original?: string; copy?: string }>({});
  useEffect(() => {
    void (async () => {
      const docs = await loadLocal();
      const { editorHref, hasEditor } = await import('../../../storage/share');
      const byId = new Map(docs.map((d) => [d.id, d]));
      const o = byId.get(conflict.id);
      const c = byId.get(conflict.copyId);
      setLinks({ original: o && hasEditor(o.kind) ? editorHref(o.kind, o.id) : undefined, copy: c && hasEditor(c.kind) ? editorHref(c.kind, c.id) : undefined });
    })().catch(() => {});
  }, [conflict.id, conflict.copyId]);
  const from = conflict.kept === 'device' ? 'this device' : 'another device';
  return (
    <li className="cloud-conflict" data-conflict={conflict.id}>
      <p>
        <strong>{conflict.name}</strong> was changed on two devices. The newer version (from {from}) kept its place; the other was saved as{' '}
        <strong>{conflict.copyName}</strong>.
      </p>
      <p className="cloud-compare">
        Compare: {links.original ? <a href={links.original}>open “{conflict.name}”</a> : conflict.name} ·{' '}
        {links.copy ? <a href={links.copy}>open the copy</a> : conflict.copyName}
      </p>
      <div className="cloud-actions">
        <button type="button" className="btn" disabled={busy} onClick={() => onChoose('original')}>
          Keep “{conflict.name}”
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => onChoose('copy')}>
          Use the copy’s version
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => onChoose('both')}>
          Keep both
        </button>
      </div>
    </li>
  );
}
