import { describe, expect, it } from 'vitest';
import { HELP_FORM_MESSAGES, ReportBody } from '@wfm/contracts/forum';

const firstMessage = (body: unknown) => {
  const result = ReportBody.safeParse(body);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('ReportBody (POST /api/report)', () => {
  it('parses a post report when post_id is given, and a help request otherwise', () => {
    expect(ReportBody.parse({ post_id: '7', reason: 'spam' })).toEqual({ post_id: 7, reason: 'spam' });
    expect(ReportBody.parse({ title: 'Help me', category: 'technical', priority: 'Low', reason: 'It broke' })).toEqual({
      title: 'Help me',
      category: 'technical',
      priority: 'Low',
      reason: 'It broke',
      reporter_name: 'Anonymous',
      isAnonymous: false,
    });
  });

  it("answers with the applicable kind's own message, not a union's 'Invalid input'", () => {
    expect(firstMessage({ post_id: 7, reason: 'boring' })).toBe('Please select a reason: spam, abusive, off-topic, inappropriate or other');
    expect(firstMessage({ post_id: null, title: 'ab', category: 'x', priority: 'Low', reason: 'r' })).toBe(HELP_FORM_MESSAGES.titleTooShort);
    expect(firstMessage({ title: 'Help me', category: 'x', priority: 'Soon', reason: 'r' })).toBe(HELP_FORM_MESSAGES.priorityRequired);
  });

  it('refuses bodies that are not objects', () => {
    for (const body of [[1], 'text', 3, null]) expect(ReportBody.safeParse(body).success).toBe(false);
  });
});
