import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from './icons.tsx';
import { useRef, type ComponentProps } from 'react';
import { cn } from './cn.ts';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn('fixed inset-0 z-50 bg-black/60 backdrop-blur-sm', className)}
      {...props}
    />
  );
}

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Renders the corner close button (default true); dialogs that must not be dismissed turn it off. */
  showClose?: boolean;
  /**
   * Focuses the first field once the dialog has been painted, not as it mounts. Radix focuses inside
   * React's commit, so the browser lays the whole page out within that task: for a dialog that opens
   * by itself while a page loads (the welcome modal on a first visit) commit and layout made one
   * long task of about 200 ms on a 4x slowed CPU. Dialogs opened by a click keep the immediate focus.
   */
  focusAfterPaint?: boolean;
};

const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

function focusFirstAfterPaint(content: HTMLElement): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (!content.isConnected || content.contains(document.activeElement)) return;
      (content.querySelector<HTMLElement>(FOCUSABLE) ?? content).focus();
    }),
  );
}

export function DialogContent({ className, children, showClose = true, focusAfterPaint = false, onOpenAutoFocus, onCloseAutoFocus, ...props }: DialogContentProps) {
  // Radix gives focus back to a DialogTrigger only; most of our dialogs open from a button's onClick
  // (controlled `open`), so focus fell to the page body on close. Give it back to what had it.
  const openedFrom = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
          'gap-4 overflow-y-auto rounded-lg border border-border bg-card p-6 text-card-foreground shadow-xl',
          'focus-visible:outline-none',
          className,
        )}
        {...props}
        onOpenAutoFocus={(event) => {
          openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          onOpenAutoFocus?.(event);
          if (focusAfterPaint && !event.defaultPrevented && event.currentTarget instanceof HTMLElement) {
            event.preventDefault();
            focusFirstAfterPaint(event.currentTarget);
          }
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = openedFrom.current;
          openedFrom.current = null;
          if (!event.defaultPrevented && target?.isConnected && target !== document.body) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        {children}
        {showClose && (
          <DialogPrimitive.Close
            className="absolute right-4 top-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-ring"
            aria-label="Close"
          >
            <X className="size-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 text-center sm:text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn('text-lg font-semibold leading-tight', className)} {...props} />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
