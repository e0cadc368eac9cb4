import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

const variants = {
  default: 'border-border bg-card text-card-foreground',
  destructive: 'border-destructive/60 bg-destructive/10 text-destructive dark:text-red-300',
} as const;

export type AlertVariant = keyof typeof variants;

/** An inline message announced to screen readers (role "alert"), e.g. a failed sign-in. */
export function Alert({ className, variant = 'default', ...props }: ComponentProps<'div'> & { variant?: AlertVariant }) {
  return (
    <div
      role="alert"
      className={cn(
        'relative flex w-full items-start gap-3 rounded-md border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('font-semibold leading-tight', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('text-sm leading-relaxed', className)} {...props} />;
}
