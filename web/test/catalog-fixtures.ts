import type { PollDetail, PollSummary, Template, Tool } from '@wfm/contracts/catalog';

let nextId = 500;

export function makeTool(over: Partial<Tool> = {}): Tool {
  const id = over.id ?? nextId++;
  return {
    id,
    name: `Tool ${id}`,
    category: 'Forecasting',
    url: 'https://tool.example.com',
    short_desc: 'Forecasts volumes per interval.',
    votes: 0,
    submitted_by: 'planner_jo',
    created_at: Date.now() - 60_000,
    linked_posts: 0,
    ...over,
  };
}

export function makeTemplate(over: Partial<Template> = {}): Template {
  const id = over.id ?? nextId++;
  return {
    id,
    name: `Template ${id}`,
    category: 'Capacity Planning',
    short_desc: 'A capacity plan in one sheet.',
    url: null,
    file_path: null,
    file_name: null,
    file_size: null,
    downloads: 0,
    submitted_by: 'planner_jo',
    created_at: Date.now() - 60_000,
    ...over,
  };
}

export function makePoll(over: Partial<PollDetail> = {}): PollDetail {
  const id = over.id ?? nextId++;
  return {
    id,
    title: `Poll ${id}`,
    description: 'What does your team do?',
    category: 'scheduling',
    created_by: 'planner_jo',
    created_at: Date.now() - 60_000,
    expires_at: null,
    status: 'open',
    options: [
      { id: id * 10 + 1, text: 'Erlang C', votes: 3, percentage: 60 },
      { id: id * 10 + 2, text: 'Simulation', votes: 2, percentage: 40 },
    ],
    total_votes: 5,
    profile_questions: [],
    userVote: null,
    ...over,
  };
}

export const summaryOf = ({ userVote: _, ...poll }: PollDetail): PollSummary => poll;
