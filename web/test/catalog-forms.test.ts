import { CreateTemplateBody, POLL_MESSAGES, TEMPLATE_FORM_MESSAGES, TEMPLATE_MESSAGES, TOOL_MESSAGES } from '@wfm/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { validateTemplate, EMPTY_TEMPLATE_FORM, type TemplateForm } from '../src/features/templates/utils/template-form.ts';
import { validateTool } from '../src/features/tools/utils/tool-form.ts';
import {
  addOption,
  canAddOption,
  canRemoveOption,
  EMPTY_POLL_FORM,
  filledOptions,
  removeOption,
  validatePoll,
  CLOSE_DATE_IN_PAST,
} from '../src/features/polls/utils/poll-form.ts';

const tool = { name: 'Forecast Pro', category: 'Forecasting', url: 'https://fp.example.com', short_desc: 'Forecasts', submitted_by: 'pat' };

describe('Submit Tool validation', () => {
  it('accepts a complete tool and trims it', () => {
    expect(validateTool({ ...tool, name: '  Forecast Pro  ' })).toEqual({ body: { ...tool } });
  });

  it('names each refused field with the contract message', () => {
    const result = validateTool({ name: '', category: '', url: 'ftp://x', short_desc: 'x'.repeat(181), submitted_by: 'y'.repeat(41) });
    expect(result).toEqual({
      errors: {
        name: TOOL_MESSAGES.nameRequired,
        category: TOOL_MESSAGES.badCategory,
        url: TOOL_MESSAGES.badUrl,
        short_desc: TOOL_MESSAGES.descTooLong,
        submitted_by: TOOL_MESSAGES.submitterTooLong,
      },
    });
  });

  it('takes the boundaries: 100-character name, 180-character description, 40-character name of the submitter', () => {
    expect('body' in validateTool({ ...tool, name: 'n'.repeat(100), short_desc: 'd'.repeat(180), submitted_by: 's'.repeat(40) })).toBe(true);
    expect(validateTool({ ...tool, name: 'n'.repeat(101) })).toEqual({ errors: { name: TOOL_MESSAGES.nameTooLong } });
    expect(validateTool({ ...tool, url: 'javascript:alert(1)' })).toEqual({ errors: { url: TOOL_MESSAGES.badUrl } });
  });
});

describe('Add Template validation (document 2 §5)', () => {
  const base: TemplateForm = { ...EMPTY_TEMPLATE_FORM, name: 'Capacity plan', category: 'Capacity Planning', short_desc: 'One sheet', submitted_by: 'pat' };
  const file = (name: string, size = 10) => new File(['x'.repeat(size)], name);

  it.each([
    ['name', { name: '  ' }],
    ['category', { category: '' }],
    ['description', { short_desc: '' }],
  ])('empty %s: Missing information', (_, patch) => {
    expect(validateTemplate({ ...base, url: 'https://x.example.com', ...patch })).toEqual({ problem: TEMPLATE_FORM_MESSAGES.missingInformation });
  });

  it('URL mode without a URL: URL required; with one: a JSON body', () => {
    expect(validateTemplate({ ...base, mode: 'url', url: ' ' })).toEqual({ problem: TEMPLATE_FORM_MESSAGES.urlRequired });
    expect(validateTemplate({ ...base, mode: 'url', url: 'https://x.example.com/t.xlsx' })).toEqual({
      template: { mode: 'url', body: { name: 'Capacity plan', category: 'Capacity Planning', short_desc: 'One sheet', submitted_by: 'pat', url: 'https://x.example.com/t.xlsx' } },
    });
  });

  it('stays stricter than the API: a category outside its ten is refused in both modes, which the API takes', () => {
    const odd = { ...base, category: 'Recipes' };
    const refused = { problem: { title: 'Invalid template', description: TEMPLATE_MESSAGES.badCategory } };
    expect(validateTemplate({ ...odd, mode: 'url', url: 'https://x.example.com' })).toEqual(refused);
    expect(validateTemplate({ ...odd, mode: 'file', file: file('plan.csv') })).toEqual(refused);
    expect(CreateTemplateBody.safeParse({ ...odd, url: 'https://x.example.com' }).success).toBe(true);
    expect(CreateTemplateBody.parse({ ...odd, url: '' }).url).toBeNull();
  });

  it('File mode without a file: File required; a URL typed before switching is not sent', () => {
    expect(validateTemplate({ ...base, mode: 'file', url: 'https://x.example.com' })).toEqual({ problem: TEMPLATE_FORM_MESSAGES.fileRequired });
    const result = validateTemplate({ ...base, mode: 'file', url: 'https://x.example.com', file: file('plan.xlsx') });
    expect(result).toMatchObject({ template: { mode: 'file', fields: { name: 'Capacity plan' } } });
    expect(JSON.stringify(result)).not.toContain('x.example.com');
  });

  it('refuses other file types and files over 10 MB before sending', () => {
    expect(validateTemplate({ ...base, mode: 'file', file: file('run.exe') })).toMatchObject({ problem: { title: 'Invalid template' } });
    const big = file('big.csv');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    expect(validateTemplate({ ...base, mode: 'file', file: big })).toMatchObject({ problem: { description: 'File must be 10 MB or less' } });
    for (const name of ['a.xlsx', 'b.XLS', 'c.csv']) {
      expect('template' in validateTemplate({ ...base, mode: 'file', file: file(name) })).toBe(true);
    }
  });
});

describe('Create Poll options (2 to 6, remove only above 2, blanks dropped)', () => {
  it('adds options up to 6 and no further', () => {
    let options = ['', ''];
    for (let i = 0; i < 10; i++) options = addOption(options);
    expect(options).toHaveLength(6);
    expect(canAddOption(options)).toBe(false);
    expect(canAddOption(['', '', '', '', ''])).toBe(true);
  });

  it('offers remove only above 2 options, and never goes below 2', () => {
    expect(canRemoveOption(['a', 'b'])).toBe(false);
    expect(canRemoveOption(['a', 'b', 'c'])).toBe(true);
    expect(removeOption(['a', 'b'], 0)).toEqual(['a', 'b']);
    expect(removeOption(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });

  it('drops blank options and trims the rest', () => {
    expect(filledOptions([' Erlang C ', '', '   ', 'Simulation'])).toEqual(['Erlang C', 'Simulation']);
  });

  const form = { ...EMPTY_POLL_FORM, title: 'Which method?', description: 'Tell us', created_by: 'pat', options: ['Erlang C', '', 'Simulation', ' '] };

  it('sends only the filled options', () => {
    expect(validatePoll(form)).toEqual({
      body: { title: 'Which method?', description: 'Tell us', category: 'general', options: ['Erlang C', 'Simulation'], created_by: 'pat', profile_questions: [] },
    });
  });

  it('needs two filled options after blanks are dropped', () => {
    expect(validatePoll({ ...form, options: ['Erlang C', '  ', ''] })).toEqual({ errors: { options: POLL_MESSAGES.tooFewOptions } });
  });

  it('refuses a closing date that is not in the future, and sends a future one as epoch ms', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    expect(validatePoll({ ...form, closes: '2025-12-31T12:00' }, now)).toMatchObject({ errors: { closes: CLOSE_DATE_IN_PAST } });
    const result = validatePoll({ ...form, closes: '2026-02-01T09:30' }, now);
    expect(result).toMatchObject({ body: { expires_at: new Date('2026-02-01T09:30').getTime() } });
  });

  it('names empty and too long fields with the contract messages', () => {
    expect(validatePoll({ ...form, title: ' ', description: 'd'.repeat(501), created_by: '' })).toEqual({
      errors: { title: POLL_MESSAGES.titleRequired, description: POLL_MESSAGES.descriptionTooLong, created_by: POLL_MESSAGES.creatorRequired },
    });
  });
});
