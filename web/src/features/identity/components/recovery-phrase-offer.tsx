import { Button } from '@wfm/ui';
import { KeyRound, X } from '@wfm/ui/icons';

/**
 * Offered once the visitor has picked a username (the welcome modal closes as the spec says; this
 * card does not block the page, and sits bottom-left on wide screens, clear of the toasts): make
 * a recovery phrase now, or later on /recovery-phrase.
 */
export function RecoveryPhraseOffer({ onShow, onDismiss }: { onShow: () => void; onDismiss: () => void }) {
  return (
    <section
      aria-label="Recovery phrase"
      data-testid="recovery-phrase-offer"
      className="fixed inset-x-3 bottom-20 z-40 mx-auto max-w-md rounded-lg border border-border bg-card p-4 text-card-foreground shadow-lg lg:right-auto lg:bottom-6 lg:left-6"
    >
      <div className="flex gap-3">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-2">
          <p className="text-sm font-medium">Keep your username on every device</p>
          <p className="text-sm text-muted-foreground">
            Save a 12-word recovery phrase now: with it, "I already have a username" brings your username, posts and
            votes to another browser.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={onShow}>
              Show my recovery phrase
            </Button>
            <Button size="sm" variant="ghost" onClick={onDismiss}>
              Later
            </Button>
          </div>
        </div>
        <Button size="icon" variant="ghost" className="-mt-2 -mr-2 size-8 shrink-0" aria-label="Close" onClick={onDismiss}>
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
