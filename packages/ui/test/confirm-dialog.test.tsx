import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Alert, ConfirmDialog, Progress } from '../src/index.ts';

function Harness({ busy = false, onConfirm }: { busy?: boolean; onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Delete post?"
      description="This permanently deletes “Weekly forecast”."
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmDialog', () => {
  it('is an alertdialog naming the item, with Cancel and the confirm action', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete post?' });
    expect(dialog).toHaveAccessibleDescription('This permanently deletes “Weekly forecast”.');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('cannot be confirmed twice or dismissed while busy', async () => {
    const onConfirm = vi.fn();
    render(<Harness busy onConfirm={onConfirm} />);
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});

describe('Alert and Progress', () => {
  it('announces an alert', () => {
    render(<Alert variant="destructive">Invalid credentials</Alert>);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid credentials');
  });

  it('reports a known value, and none while indeterminate', () => {
    render(
      <>
        <Progress aria-label="Upload" value={42.4} />
        <Progress aria-label="Backup" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Upload' })).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByRole('progressbar', { name: 'Backup' })).not.toHaveAttribute('aria-valuenow');
  });
});
