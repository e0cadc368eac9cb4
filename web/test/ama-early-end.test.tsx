import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { amaSession, serveSessions } from './ama-fixtures.ts';
import { renderApp } from './render-app.tsx';
import { TOKEN, server } from './server.ts';

/**
 * Issue 23 item 6: a session staff ended before its planned end (stored completed, the slot still
 * ahead or running) shows as completed at once: no booking button, and its transcript.
 */
const HOUR = 3_600_000;
const ended = () =>
  amaSession({ id: 9, title: 'Ended early', scheduled_time: Date.now() - 10 * 60_000, duration_minutes: 60, status: 'completed', stored_status: 'completed' });

function serveTranscript() {
  server.use(
    http.get('/api/ama/sessions/9/transcript', () =>
      HttpResponse.json({
        session_id: 9,
        title: 'Ended early',
        questions: [
          {
            id: 1,
            session_id: 9,
            question: 'How early do you hire for peak?',
            author_name: 'Anonymous',
            isAnonymous: true,
            upvotes: 3,
            answer: 'Twelve weeks ahead.',
            answered_at: Date.now() - 5 * 60_000,
            created_at: Date.now() - HOUR,
          },
        ],
      }),
    ),
  );
}

describe('a session staff ended early', () => {
  it('its card says Completed and offers no Book Now, beside a scheduled one that does', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    serveSessions([amaSession(), ended()]);
    renderApp('/ama');
    const [open, done] = await screen.findAllByTestId('ama-card');
    expect(within(done!).getByTestId('session-status')).toHaveTextContent('Completed');
    expect(within(done!).queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(within(open!).getByTestId('session-status')).toHaveTextContent('Scheduled');
    expect(within(open!).getByRole('button', { name: 'Book Now' })).toBeEnabled();
  });

  it('its page says COMPLETED, offers no Book This Session and shows the transcript', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    serveSessions([ended()]);
    serveTranscript();
    renderApp('/ama/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ended early' })).toBeInTheDocument();
    expect(screen.getByTestId('session-status')).toHaveTextContent('COMPLETED');
    await waitFor(() => expect(screen.getByTestId('ama-transcript')).toHaveTextContent('Twelve weeks ahead.'));
    expect(screen.queryByRole('button', { name: 'Book This Session' })).not.toBeInTheDocument();
  });
});
