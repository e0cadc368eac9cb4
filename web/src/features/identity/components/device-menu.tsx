import { Button, buttonClasses, cn } from '@wfm/ui';
import { FileJson, KeyRound, LogOut, UserCog } from '@wfm/ui/icons';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '../../../lib/router.tsx';
import { paths } from '../../../config/paths.ts';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';

/** Fetched when first opened (issue 27 item 4). */
const ForgetDeviceDialog = lazyDialog(async () => (await import('./forget-device-dialog.tsx')).ForgetDeviceDialog);

const ITEM = buttonClasses({ variant: 'ghost', size: 'sm', className: 'w-full justify-start font-normal' });

/**
 * The header's menu of the visitor's username on this browser (a disclosure: a button that shows
 * a short list, closed by Escape, a click elsewhere or focus leaving it): the recovery phrase page,
 * "Your data" and "Forget this device".
 */
export function DeviceMenu({ className }: { className?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [forgetting, setForgetting] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      trigger.current?.focus();
    }
  };

  return (
    <div
      ref={root}
      className={cn('relative', className)}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        aria-label="Username and device"
        title="Username and device"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        data-testid="device-menu"
        onClick={() => setOpen((was) => !was)}
      >
        <UserCog aria-hidden="true" />
      </Button>
      {open && (
        <ul
          id={`${id}-menu`}
          aria-label="Username and device"
          className="absolute top-full right-0 z-50 mt-2 grid w-60 gap-0.5 rounded-md border border-border bg-card p-1 text-card-foreground shadow-lg"
        >
          <li>
            <Link to={paths.recoveryPhrase.getHref()} className={ITEM} onClick={() => setOpen(false)}>
              <KeyRound aria-hidden="true" />
              Recovery phrase
            </Link>
          </li>
          <li>
            <Link to={paths.yourData.getHref()} className={ITEM} onClick={() => setOpen(false)}>
              <FileJson aria-hidden="true" />
              Your data
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={cn(ITEM, 'text-destructive hover:text-destructive')}
              onClick={() => {
                setOpen(false);
                setForgetting(true);
              }}
            >
              <LogOut aria-hidden="true" />
              Forget this device
            </button>
          </li>
        </ul>
      )}
      <ForgetDeviceDialog
        open={forgetting}
        onOpenChange={setForgetting}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      />
    </div>
  );
}
