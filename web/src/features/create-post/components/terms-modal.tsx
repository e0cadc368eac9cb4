import {
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Label,
} from '@wfm/ui';
import { useId, useState } from 'react';
import { TERMS_SECTIONS } from '../data/terms.ts';

/**
 * Terms of posting: nine sections and two checkboxes, the second usable once the first is ticked.
 * Accept and Continue needs both; Cancel (or Escape) leaves the page.
 */
export function TermsModal({ open, onAccept, onCancel }: { open: boolean; onAccept: () => void; onCancel: () => void }) {
  const [readTerms, setReadTerms] = useState(false);
  const [agreeConduct, setAgreeConduct] = useState(false);
  const id = useId();

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent
        showClose={false}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        className="grid-rows-[auto_minmax(0,1fr)_auto] sm:max-w-2xl"
      >
        <DialogHeader>
          <DialogTitle>Community Terms and Guidelines</DialogTitle>
          <DialogDescription>Please read and accept these terms before posting.</DialogDescription>
        </DialogHeader>

        <div className="grid min-h-0 gap-4 overflow-y-auto rounded-md border border-border p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          tabIndex={0}
          aria-label="Terms">
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

        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onAccept} disabled={!readTerms || !agreeConduct}>
            Accept and Continue
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
