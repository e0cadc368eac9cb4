import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { backup, listHandlers, signedInAs, superAdminHandlers } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';
import { expectToast } from './toasts.ts';

const OLD = backup({ fileName: 'wfm-2026-03-01.dump', size: 1024 });
const NEW = backup({ fileName: 'wfm-2026-03-04.dump', size: 2_621_440 });

describe('database tab', () => {
  it('shows the statistics and the backups', async () => {
    server.use(signedInAs('Super Admin'), ...superAdminHandlers({ backups: [NEW, OLD] }));
    renderApp('/admin?tab=database');
    expect(await screen.findByRole('row', { name: /wfm-2026-03-04\.dump/ })).toHaveTextContent('2.50 MB');
    expect(screen.getByText('Total size').nextSibling).toHaveTextContent('2.50 MB');
    expect(screen.getByRole('tab', { name: /^Database/ })).toHaveTextContent(/^Database2$/);
  });

  it('asks for a confirmation that names the file before restoring it', async () => {
    let body: unknown;
    server.use(
      http.post('/api/admin/database/restore', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Database restored', backupFileName: OLD.fileName });
      }),
      signedInAs('Super Admin'),
      ...superAdminHandlers({ backups: [NEW, OLD] }),
    );
    renderApp('/admin?tab=database');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Restore ${OLD.fileName}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore database?' });
    expect(dialog).toHaveTextContent(OLD.fileName);
    expect(dialog).not.toHaveTextContent(NEW.fileName);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.click(screen.getByRole('button', { name: `Restore ${OLD.fileName}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    await expectToast('Database restored');
    expect(body).toEqual({ backupFileName: OLD.fileName });
  });

  it('says "Restore failed" with the default text when the server gives no message', async () => {
    server.use(
      http.post('/api/admin/database/restore', () => new HttpResponse(null, { status: 500 })),
      signedInAs('Super Admin'),
      ...superAdminHandlers({ backups: [OLD] }),
    );
    renderApp('/admin?tab=database');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Restore ${OLD.fileName}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    await expectToast('Restore failed', 'Failed to restore backup');
  });

  it('shows progress while a backup runs, then the new file', async () => {
    server.use(
      http.post('/api/admin/database/backup', async () => {
        await delay(80);
        const lists = listHandlers({ backups: [NEW] });
        server.use(lists.backups, lists.stats);
        return HttpResponse.json({ fileName: NEW.fileName, size: NEW.size });
      }),
      signedInAs('Super Admin'),
      ...superAdminHandlers({ backups: [] }),
    );
    renderApp('/admin?tab=database');
    expect(await screen.findByText('No backups yet')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create Backup' }));
    expect(await screen.findByRole('progressbar', { name: 'Backup in progress' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Creating Backup...' })).toBeDisabled();
    await expectToast('Backup created', `${NEW.fileName} (2.50 MB)`);
    expect(await screen.findByRole('row', { name: new RegExp(NEW.fileName) })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says "Backup failed" with the server message', async () => {
    server.use(
      http.post('/api/admin/database/backup', () => HttpResponse.json({ message: 'pg_dump exited with code 1' }, { status: 500 })),
      signedInAs('Super Admin'),
      ...superAdminHandlers(),
    );
    renderApp('/admin?tab=database');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create Backup' }));
    await expectToast('Backup failed', 'pg_dump exited with code 1');
  });

  it('names the list that failed: "Failed to fetch backups"', async () => {
    server.use(
      http.get('/api/admin/database/backups', () => HttpResponse.json({ message: 'Backup directory unreadable' }, { status: 500 })),
      signedInAs('Super Admin'),
      ...superAdminHandlers(),
    );
    renderApp('/admin?tab=database');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch backups — Backup directory unreadable');
  });
});
