import { useState } from 'react';
import { PREVIEW_LENGTH } from '../config/constants.ts';
import { preview } from '../lib/format.ts';

/** A 100-character preview of a long text, with a button to read all of it. */
export function ExpandableText({ text, className }: { text: string; className?: string }) {
  const [expanded, setExpanded] = useState(false);
  const short = preview(text, PREVIEW_LENGTH);
  const cut = short !== text;
  return (
    <p className={className}>
      <span className="whitespace-pre-line break-words">{expanded ? text : short}</span>
      {cut && (
        <>
          {' '}
          <button
            type="button"
            className="text-xs font-medium text-primary underline-offset-4 hover:underline focus-ring"
            aria-expanded={expanded}
            onClick={() => setExpanded((v) => !v)}
          >
            {expanded ? 'Show less' : 'Show more'}
          </button>
        </>
      )}
    </p>
  );
}
