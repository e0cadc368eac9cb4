import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

/**
 * A progress bar (role "progressbar"). Without `value` it is indeterminate: for work whose end
 * the client cannot measure, such as a backup running on the server.
 */
export function Progress({
  value,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'children'> & { value?: number }) {
  const known = value !== undefined;
  const clamped = known ? Math.min(100, Math.max(0, value)) : 0;
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={known ? Math.round(clamped) : undefined}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div
        className={cn(
          'h-full rounded-full bg-primary transition-[width]',
          !known && 'w-full animate-pulse',
        )}
        style={known ? { width: `${clamped}%` } : undefined}
      />
    </div>
  );
}
