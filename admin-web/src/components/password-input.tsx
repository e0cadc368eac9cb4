import { Button, Input, cn } from '@wfm/ui';
import { Eye, EyeOff } from '@wfm/ui/icons';
import { useState, type ComponentProps } from 'react';

/** A password field with a button that shows or hides what was typed. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-10', className)} {...props} />
      <Button
        variant="ghost"
        size="icon"
        className="absolute right-0 top-0 h-9 text-muted-foreground hover:bg-transparent"
        onClick={() => setVisible((v) => !v)}
        disabled={props.disabled}
      >
        {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        {/* Named by its text, not aria-label, so a search for the field labelled "Password" finds only the field. */}
        <span className="sr-only">{visible ? 'Hide password' : 'Show password'}</span>
      </Button>
    </div>
  );
}
