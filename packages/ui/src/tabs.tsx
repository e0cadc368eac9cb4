import { createContext, useContext, useId, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from './cn.ts';

/**
 * Tabs after the WAI-ARIA tabs pattern, with Radix Tabs' markup (roles, ids, aria-selected,
 * aria-controls, aria-labelledby, data-state) and keyboard (arrows, Home/End, activation on focus)
 * but without its roving-focus and collection layers: about 9 KB less compressed JavaScript on
 * every page with tabs (issue 27 item 4). Horizontal, left to right, automatic activation: all the
 * app uses.
 */
interface TabsState {
  baseId: string;
  value: string | undefined;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`<${part}> must be inside <Tabs>`);
  return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

export function Tabs({ value, defaultValue, onValueChange, ...props }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  // A press focuses the tab and selects it, and the focus selects it too: one change, not two.
  const latest = useRef(current);
  latest.current = current;
  const select = (next: string) => {
    if (next === latest.current) return;
    latest.current = next;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value: current, select }}>
      <div dir="ltr" data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

export function TabsList({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn('inline-flex h-10 items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground', className)}
      {...props}
    />
  );
}

/** The tab a key moves focus to, as Radix's roving focus does (looping); none for other keys. */
function tabFor(event: KeyboardEvent<HTMLButtonElement>): HTMLButtonElement | undefined {
  if (event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return undefined;
  const list = event.currentTarget.closest('[role="tablist"]');
  const tabs = list ? [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')] : [];
  const at = tabs.indexOf(event.currentTarget);
  switch (event.key) {
    case 'ArrowLeft':
      return tabs[(at - 1 + tabs.length) % tabs.length];
    case 'ArrowRight':
      return tabs[(at + 1) % tabs.length];
    case 'Home':
    case 'PageUp':
      return tabs[0];
    case 'End':
    case 'PageDown':
      return tabs.at(-1);
    default:
      return undefined;
  }
}

export interface TabsTriggerProps extends ComponentProps<'button'> {
  value: string;
}

export function TabsTrigger({ value, disabled = false, className, onMouseDown, onKeyDown, onFocus, ...props }: TabsTriggerProps) {
  const tabs = useTabs('TabsTrigger');
  const selected = value === tabs.value;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      aria-controls={contentId(tabs.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      data-orientation="horizontal"
      disabled={disabled}
      id={triggerId(tabs.baseId, value)}
      // The selected tab is the one stop of the list in the Tab order; arrows move between tabs.
      tabIndex={selected ? 0 : -1}
      className={cn(
        'tab-trigger',
        className,
      )}
      {...props}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (event.defaultPrevented) return;
        // On press, not on release, as Radix does (the boot script's replayed clicks press too).
        if (!disabled && event.button === 0 && !event.ctrlKey) {
          event.currentTarget.focus();
          tabs.select(value);
        } else {
          event.preventDefault();
        }
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || disabled || event.target !== event.currentTarget) return;
        if (event.key === ' ' || event.key === 'Enter') {
          tabs.select(value);
          return;
        }
        const next = tabFor(event);
        if (!next) return;
        event.preventDefault();
        next.focus();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!selected && !disabled) tabs.select(value);
      }}
    />
  );
}

export interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
  /** Keeps the panel's content mounted while another tab is selected (hide it with `data-[state=inactive]:`). */
  forceMount?: boolean;
}

export function TabsContent({ value, forceMount = false, className, children, ...props }: TabsContentProps) {
  const tabs = useTabs('TabsContent');
  const selected = value === tabs.value;
  const present = forceMount || selected;
  return (
    <div
      role="tabpanel"
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      aria-labelledby={triggerId(tabs.baseId, value)}
      hidden={!present}
      id={contentId(tabs.baseId, value)}
      tabIndex={0}
      className={cn('focus-ring', className)}
      {...props}
    >
      {present && children}
    </div>
  );
}
