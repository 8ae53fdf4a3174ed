/**
 * "Copy link" for the share dialog: it says visibly, and in a live region,
 * that the link was copied; when the browser refuses the clipboard (or has
 * none) it says so and selects the link, so it can be copied by hand.
 */
import { useState } from 'react';
import { copyOutcomeText, copyToClipboard, type CopyOutcome } from './notice';

export function CopyLink({ url, inputId }: { url: string; inputId: string }) {
  const [outcome, setOutcome] = useState<CopyOutcome | null>(null);
  const selectLink = () => {
    const input = document.getElementById(inputId);
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  };

  return (
    <div className="kit-copy-link">
      <button
        type="button"
        className="btn kit-small"
        onClick={() =>
          void copyToClipboard(url).then((outcome) => {
            setOutcome(outcome);
            if (outcome !== 'copied') selectLink();
          })
        }
      >
        Copy link
      </button>
      <p className={`kit-copy-said${outcome && outcome !== 'copied' ? ' is-refused' : ''}`} role="status" aria-live="polite" data-copy-outcome={outcome ?? undefined}>
        {outcome ? copyOutcomeText(outcome) : ''}
      </p>
    </div>
  );
}
