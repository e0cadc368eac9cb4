import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../src/index.ts';

function Opened({ focusAfterPaint }: { focusAfterPaint?: boolean }) {
  return (
    <Dialog open>
      <DialogContent showClose={false} focusAfterPaint={focusAfterPaint}>
        <DialogTitle>Welcome</DialogTitle>
        <DialogDescription>Pick a name.</DialogDescription>
        <input aria-label="Username" />
      </DialogContent>
    </Dialog>
  );
}

describe('DialogContent focus on open', () => {
  it('focuses the first field as it mounts by default', () => {
    render(<Opened />);
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveFocus();
  });

  it('with focusAfterPaint, focuses the first field only after the dialog was painted, not within the commit', async () => {
    render(<Opened focusAfterPaint />);
    const field = screen.getByRole('textbox', { name: 'Username' });
    expect(field).not.toHaveFocus();
    await waitFor(() => expect(field).toHaveFocus());
  });
});
