import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { auditEntry, signedInAs, superAdminHandlers } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';

describe('audit tab', () => {
  it('lists staff actions with name and role, and authors’ deletions as "Author" without a name', async () => {
    server.use(
      signedInAs('Super Admin'),
      ...superAdminHandlers({
        audit: [
          auditEntry({ id: 2, staff_id: 0, staff_username: 'author', role: 'author', action: 'comment.author_delete', target_type: 'comment', target_id: '41' }),
          auditEntry({ id: 1, staff_username: 'mod_anna', role: 'Moderator', action: 'report.dismissed', target_type: 'report', target_id: '9' }),
        ],
      }),
    );
    renderApp('/admin?tab=audit');
    const list = await screen.findByRole('list', { name: 'Audit entries' });
    const [authorRow, staffRow] = within(list).getAllByTestId('audit-entry');
    expect(authorRow).toHaveTextContent('Author');
    expect(authorRow).toHaveTextContent('comment.author_delete');
    expect(authorRow).toHaveTextContent('comment 41');
    expect(authorRow).not.toHaveTextContent('author comment.author_delete');
    expect(staffRow).toHaveTextContent('mod_anna');
    expect(staffRow).toHaveTextContent('Moderator');
    expect(staffRow).toHaveTextContent('report.dismissed');
  });

  it('says so when nothing is recorded, and shows the failure with a retry', async () => {
    server.use(signedInAs('Super Admin'), ...superAdminHandlers());
    renderApp('/admin?tab=audit');
    expect(await screen.findByText('Nothing recorded yet')).toBeInTheDocument();

    server.use(http.get('/api/admin/audit', () => HttpResponse.json({ message: 'Audit log unavailable' }, { status: 503 })));
    renderApp('/admin?tab=audit');
    expect(await screen.findByText(/Failed to load the audit log/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Retry' }).length).toBeGreaterThan(0);
  });
});
