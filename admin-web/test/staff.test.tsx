import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signedInAs, staffMember, superAdminHandlers } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';
import { expectToast } from './toasts.ts';

const MOD = staffMember({ id: 2, username: 'mo', email: 'mo@example.com', role: 'Moderator' });

describe('staff tab', () => {
  it('adds a member: the dialog explains what the chosen role may do', async () => {
    let body: unknown;
    server.use(
      http.post('/api/admin/staff', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(staffMember({ id: 3, username: 'newbie', email: 'n@example.com', role: 'Admin' }), { status: 201 });
      }),
      signedInAs('Super Admin'),
      ...superAdminHandlers({ staff: [staffMember(), MOD] }),
    );
    renderApp('/admin?tab=staff');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Staff Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Staff Member' });

    // Moderator by default, with its rights listed.
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveDisplayValue('Moderator');
    expect(within(dialog).getByRole('list', { name: 'What the Moderator role can do' })).toHaveTextContent('Resolve and delete posts');
    expect(within(dialog).queryByText('Validate payment receipts')).not.toBeInTheDocument();

    await user.selectOptions(role, 'Admin');
    expect(within(dialog).getByRole('list', { name: 'What the Admin role can do' })).toHaveTextContent('Validate payment receipts');

    // Nothing is sent without a password.
    await user.type(within(dialog).getByLabelText('Username'), 'newbie');
    await user.type(within(dialog).getByLabelText('Email'), 'n@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add Staff Member' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A password is required for new staff members.');
    await user.type(within(dialog).getByLabelText('Password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Add Staff Member' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Password must be at least 8 characters');

    await user.type(within(dialog).getByLabelText('Password'), '-enough-now');
    await user.click(within(dialog).getByRole('button', { name: 'Add Staff Member' }));
    await expectToast('Staff member added', 'newbie was added as Admin.');
    expect(body).toEqual({ username: 'newbie', email: 'n@example.com', password: 'short-enough-now', role: 'Admin', active: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a member: a blank password is not sent, and active can be switched off', async () => {
    let body: unknown;
    server.use(
      http.put('/api/admin/staff/2', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...MOD, active: false });
      }),
      signedInAs('Super Admin'),
      ...superAdminHandlers({ staff: [staffMember(), MOD] }),
    );
    renderApp('/admin?tab=staff');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit mo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });
    expect(within(dialog).getByLabelText('Username')).toHaveValue('mo');
    expect(within(dialog).getByText('Leave blank to keep the current password.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expectToast('Staff member updated');
    expect(body).toEqual({ username: 'mo', email: 'mo@example.com', role: 'Moderator', active: false });
  });

  it('shows "Update failed" with the server message', async () => {
    server.use(
      http.put('/api/admin/staff/1', () =>
        HttpResponse.json(
          { message: 'The last active Super Admin cannot be deleted, deactivated or demoted' },
          { status: 409 },
        ),
      ),
      signedInAs('Super Admin'),
      ...superAdminHandlers({ staff: [staffMember(), MOD] }),
    );
    renderApp('/admin?tab=staff');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit alex' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Staff Member' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await expectToast('Update failed', 'The last active Super Admin cannot be deleted, deactivated or demoted');
  });

  it('deletes a member after a confirmation naming them', async () => {
    let deleted = false;
    server.use(
      http.delete('/api/admin/staff/2', () => {
        deleted = true;
        return HttpResponse.json({ success: true });
      }),
      signedInAs('Super Admin'),
      ...superAdminHandlers({ staff: [staffMember(), MOD] }),
    );
    renderApp('/admin?tab=staff');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete mo' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete staff member?' });
    expect(confirm).toHaveTextContent('mo (Moderator)');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expectToast('Staff member deleted');
    expect(deleted).toBe(true);
  });
});
