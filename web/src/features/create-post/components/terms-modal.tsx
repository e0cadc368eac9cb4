import { Button, Checkbox, Label } from '@wfm/ui';
import { useCallback, useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { TERMS_SECTIONS } from '../data/terms.ts';

/**
 * Terms of posting: nine sections and two checkboxes, the second usable once the first is ticked.
 * Accept and Continue needs both; Cancel (or Escape) leaves the page; a click outside does nothing.
 *
 * Built on the browser's `<dialog>` opened with `showModal()`, not @wfm/ui's Radix Dialog: this modal
 * opens on a first visit to /new before the page is interactive, and Radix Dialog with its layers
 * (about 14 KB compressed) kept that visit over the JavaScript budget (issue 27 item 4; docs/decisions.md,
 * JavaScript budget step seven). The browser gives what Radix gave: the top layer, an inert page behind,
 * Escape as a `cancel` event. It is shown only while `open`: removing it closes it, as Radix unmounted it.
 */
export function TermsModal({ open, onAccept, onCancel }: { open: boolean; onAccept: () => void; onCancel: () => void }) {
  const [readTerms, setReadTerms] = useState(false);
  const [agreeConduct, setAgreeConduct] = useState(false);
  const id = useId();
  const terms = useRef<HTMLDivElement>(null);

  // Opened after render (server markup and the hydrating render have a closed dialog), focus on the terms
  // as Radix gave it to the first focusable element; a second call (React's strict mode) does nothing.
  const show = useCallback((dialog: HTMLDialogElement | null) => {
    if (!dialog || dialog.open) return;
    dialog.showModal();
    terms.current?.focus();
  }, []);

  useScrollLock(open);

  // Escape: the page is left, as with Cancel; the browser does not close the dialog, leaving removes it.
  // A `cancel` that cannot be prevented (Chrome, a second Escape without a click between) closes it: onClose.
  const cancel = (event: SyntheticEvent) => {
    if (!event.cancelable) return;
    event.preventDefault();
    onCancel();
  };

  if (!open) return null;
  return (
    <dialog
      ref={show}
      // The implicit role, written out: the e2e walks find open dialogs by [role="dialog"].
      role="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      onCancel={cancel}
      // Closed without our asking (see cancel): the same as Escape. It is never closed here, only removed.
      onClose={onCancel}
      className={[
        'fixed bottom-auto left-1/2 right-auto top-1/2 h-auto max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 open:grid',
        'gap-4 overflow-y-auto rounded-lg border border-border bg-card p-6 text-card-foreground shadow-xl',
        'focus-visible:outline-none',
        'grid-rows-[auto_minmax(0,1fr)_auto] sm:max-w-2xl',
        'backdrop:bg-black/60 backdrop:backdrop-blur-sm',
      ].join(' ')}
    >
      <div className="flex flex-col gap-1.5 text-center sm:text-left">
        <h2 id={`${id}-title`} className="text-lg font-semibold leading-tight">
          Community Terms and Guidelines
        </h2>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          Please read and accept these terms before posting.
        </p>
      </div>

      <div
        ref={terms}
        className="grid min-h-0 gap-4 overflow-y-auto rounded-md border border-border p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        tabIndex={0}
        aria-label="Terms"
      >
        {TERMS_SECTIONS.map((section) => (
          <section key={section.title} className="grid gap-1">
            <h3 className="text-sm font-semibold">{section.title}</h3>
            <p className="text-sm text-muted-foreground">{section.text}</p>
          </section>
        ))}
      </div>

      <div className="grid gap-3">
        <div className="flex items-start gap-2">
          <Checkbox
            id={`${id}-read`}
            checked={readTerms}
            onCheckedChange={(checked) => {
              setReadTerms(checked === true);
              if (checked !== true) setAgreeConduct(false);
            }}
            className="mt-0.5"
          />
          <Label htmlFor={`${id}-read`} className="font-normal leading-snug">
            I have read and agree to the Community Terms and Guidelines
          </Label>
        </div>
        <div className="flex items-start gap-2">
          <Checkbox
            id={`${id}-conduct`}
            checked={agreeConduct}
            disabled={!readTerms}
            onCheckedChange={(checked) => setAgreeConduct(checked === true)}
            className="mt-0.5"
          />
          <Label htmlFor={`${id}-conduct`} className="font-normal leading-snug peer-disabled:opacity-60">
            I will keep my posts professional and will not share confidential or personal information
          </Label>
        </div>
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onAccept} disabled={!readTerms || !agreeConduct}>
          Accept and Continue
        </Button>
      </div>
    </dialog>
  );
}

/**
 * The page behind does not scroll while the modal is open, as under Radix Dialog (a modal `<dialog>`
 * makes the page inert, not still): the root's overflow is hidden, its scrollbar's width kept as padding
 * so nothing shifts, and both restored on close.
 */
function useScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const before = { overflow: root.style.overflow, paddingRight: root.style.paddingRight };
    const scrollbar = window.innerWidth - root.clientWidth;
    root.style.overflow = 'hidden';
    if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
    return () => {
      root.style.overflow = before.overflow;
      root.style.paddingRight = before.paddingRight;
    };
  }, [locked]);
}
