import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, TOAST_LIMIT, TOAST_REMOVE_DELAY, Toaster, toast, useToast } from '../src/index.ts';

function StoreProbe() {
  const { toasts } = useToast();
  return <output data-testid="store">{toasts.map((t) => `${t.id}:${t.open ? 'open' : 'closed'}`).join(',')}</output>;
}

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    // The store is module state: dismiss whatever is left and let its removal fire.
    act(() => {
      dismissToast();
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
    });
    vi.useRealTimers();
  });

  it('shows one toast at a time; a new toast replaces the previous', () => {
    expect(TOAST_LIMIT).toBe(1);
    render(<Toaster />);
    act(() => {
      toast({ title: 'First', description: 'one' });
    });
    expect(screen.getByText('First')).toBeInTheDocument();
    act(() => {
      toast({ title: 'Second', description: 'two' });
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.getByText('two')).toBeInTheDocument();
  });

  it('auto-dismisses after 5000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Short lived' });
    });
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByText('Short lived')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Short lived')).not.toBeInTheDocument();
  });

  it('keeps a dismissed toast closed in the store until the remove delay passes', () => {
    render(<StoreProbe />);
    let handle!: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: 'Closing' });
    });
    act(() => handle.dismiss());
    expect(screen.getByTestId('store')).toHaveTextContent(`${handle.id}:closed`);
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    });
    expect(screen.getByTestId('store')).toHaveTextContent(`${handle.id}:closed`);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('store')).toHaveTextContent('');
  });

  it('renders the viewport as a labelled region reachable with F8', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
  });
});
