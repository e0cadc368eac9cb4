import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useId,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactElement,
} from 'react';

/**
 * A disclosure with Radix Collapsible's markup (data-state, aria-expanded, aria-controls, a hidden
 * closed panel) without Radix's primitives: they were about 5 KB of compressed JavaScript on the
 * home page, their only user (issue 27 item 4). No open/close animation: the app has none.
 */
interface CollapsibleState {
  contentId: string;
  open: boolean;
  disabled: boolean;
  toggle: () => void;
}

const CollapsibleContext = createContext<CollapsibleState | null>(null);

function useCollapsible(part: string): CollapsibleState {
  const state = useContext(CollapsibleContext);
  if (!state) throw new Error(`<${part}> must be inside <Collapsible>`);
  return state;
}

const stateOf = (open: boolean) => (open ? 'open' : 'closed');

export interface CollapsibleProps extends ComponentProps<'div'> {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  disabled?: boolean;
}

export function Collapsible({ open, defaultOpen = false, onOpenChange, disabled = false, ...props }: CollapsibleProps) {
  const contentId = useId();
  const [own, setOwn] = useState(defaultOpen);
  const isOpen = open ?? own;
  const toggle = () => {
    if (open === undefined) setOwn(!isOpen);
    onOpenChange?.(!isOpen);
  };
  return (
    <CollapsibleContext.Provider value={{ contentId, open: isOpen, disabled, toggle }}>
      <div data-state={stateOf(isOpen)} data-disabled={disabled ? '' : undefined} {...props} />
    </CollapsibleContext.Provider>
  );
}

export interface CollapsibleTriggerProps extends ComponentProps<'button'> {
  /** Gives the trigger's behaviour and attributes to its one child element (a Button) instead of a button of its own. */
  asChild?: boolean;
}

export function CollapsibleTrigger({ asChild = false, onClick, children, ...props }: CollapsibleTriggerProps) {
  const state = useCollapsible('CollapsibleTrigger');
  const own = {
    type: 'button' as const,
    'aria-controls': state.contentId,
    'aria-expanded': state.open,
    'data-state': stateOf(state.open),
    'data-disabled': state.disabled ? '' : undefined,
    disabled: state.disabled,
    ...props,
  };
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) state.toggle();
  };
  if (asChild && isValidElement<ComponentProps<'button'>>(children)) {
    const child: ReactElement<ComponentProps<'button'>> = children;
    return cloneElement(child, {
      ...own,
      ...child.props,
      onClick: (event: MouseEvent<HTMLButtonElement>) => {
        child.props.onClick?.(event);
        if (!event.defaultPrevented) press(event);
      },
    });
  }
  return (
    <button {...own} onClick={press}>
      {children}
    </button>
  );
}

export function CollapsibleContent({ children, ...props }: ComponentProps<'div'>) {
  const state = useCollapsible('CollapsibleContent');
  return (
    <div data-state={stateOf(state.open)} data-disabled={state.disabled ? '' : undefined} id={state.contentId} hidden={!state.open} {...props}>
      {state.open && children}
    </div>
  );
}
