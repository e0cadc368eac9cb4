import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The toast list (hidden from the accessibility tree while a modal dialog is open, hence `hidden`). */
export function visibleToasts(): HTMLElement[] {
  const region = screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });
  return within(region).queryAllByRole('listitem', { hidden: true });
}

/** Waits until the one visible toast has this title and description. */
export async function expectToast(title: string, description?: string): Promise<void> {
  await waitFor(() => {
    const toasts = visibleToasts();
    expect(toasts).toHaveLength(1);
    const [toast] = toasts;
    expect(within(toast!).getByText(title)).toBeInTheDocument();
    if (description) expect(within(toast!).getByText(description)).toBeInTheDocument();
  });
}
