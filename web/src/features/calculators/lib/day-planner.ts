import { requiredAgentsErlangA } from './erlang-a.ts';
import { offeredLoad, requiredAgentsErlangC } from './erlang-c.ts';
import { fteFor } from './staffing.ts';

/**
 * The day planner: a CSV of interval volumes (interval start, calls, optional AHT in seconds)
 * becomes required agents per interval with Erlang C or Erlang A, FTE with shrinkage, and a CSV.
 */

export const MAX_PLANNER_ROWS = 1000;
export const MAX_PLANNER_CSV_BYTES = 200_000;

export type PlannerRow = { line: number; start: string; calls: number; ahtSeconds?: number };
export type ParseResult = { ok: true; rows: PlannerRow[] } | { ok: false; message: string };

const START = /^[0-9]{1,2}:[0-5][0-9]$/;

function splitLine(line: string): string[] {
  const delimiter = line.includes(';') ? ';' : line.includes('\t') ? '\t' : ',';
  return line.split(delimiter).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').trim());
}

/** Parses the pasted or uploaded CSV; a bad line is refused with a message naming it. */
export function parsePlannerCsv(text: string): ParseResult {
  if (text.length > MAX_PLANNER_CSV_BYTES) return { ok: false, message: 'The CSV is too large (200 KB at most).' };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const rows: PlannerRow[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const lineNumber = index + 1;
    const raw = (lines[index] ?? '').trim();
    if (raw === '') continue;
    const cells = splitLine(raw);
    // A first line whose calls column is not a number is a header.
    if (rows.length === 0 && index === lines.findIndex((l) => l.trim() !== '') && cells[1] !== undefined && Number.isNaN(Number(cells[1]))) {
      continue;
    }
    if (cells.length < 2 || cells.length > 3) {
      return { ok: false, message: `Line ${lineNumber}: expected interval start, calls and optional AHT (2 or 3 columns), found ${cells.length}.` };
    }
    const [start = '', callsText = '', ahtText] = cells;
    if (!START.test(start)) return { ok: false, message: `Line ${lineNumber}: interval start "${start.slice(0, 20)}" is not a time like 08:30.` };
    const calls = Number(callsText);
    if (callsText === '' || !Number.isFinite(calls) || calls < 0) {
      return { ok: false, message: `Line ${lineNumber}: calls "${callsText.slice(0, 20)}" must be a number of 0 or more.` };
    }
    let ahtSeconds: number | undefined;
    if (ahtText !== undefined && ahtText !== '') {
      ahtSeconds = Number(ahtText);
      if (!Number.isFinite(ahtSeconds) || ahtSeconds <= 0) {
        return { ok: false, message: `Line ${lineNumber}: AHT "${ahtText.slice(0, 20)}" must be a positive number of seconds.` };
      }
    }
    rows.push({ line: lineNumber, start, calls, ahtSeconds });
    if (rows.length > MAX_PLANNER_ROWS) return { ok: false, message: `Line ${lineNumber}: at most ${MAX_PLANNER_ROWS} intervals.` };
  }
  if (rows.length === 0) return { ok: false, message: 'The CSV has no intervals: one line per interval, e.g. 08:00,120,180.' };
  return { ok: true, rows };
}

export type PlannerSettings = {
  intervalMinutes: number;
  defaultAhtSeconds: number;
  targetSlPercent: number;
  targetSeconds: number;
  shrinkagePercent: number;
  model: 'erlang-c' | 'erlang-a';
  patienceSeconds: number;
};

export type PlannedInterval = {
  start: string;
  calls: number;
  ahtSeconds: number;
  erlangs: number;
  agents: number;
  fte: number;
  serviceLevel: number;
  abandonment?: number;
  targetMet: boolean;
};

export function planDay(rows: PlannerRow[], settings: PlannerSettings): PlannedInterval[] {
  const target = settings.targetSlPercent / 100;
  return rows.map((row) => {
    const ahtSeconds = row.ahtSeconds ?? settings.defaultAhtSeconds;
    const erlangs = offeredLoad(row.calls, ahtSeconds, settings.intervalMinutes);
    if (erlangs === 0) {
      return { start: row.start, calls: row.calls, ahtSeconds, erlangs, agents: 0, fte: 0, serviceLevel: 1, targetMet: true };
    }
    if (settings.model === 'erlang-a') {
      const a = requiredAgentsErlangA(
        { erlangs, ahtSeconds, patienceSeconds: settings.patienceSeconds, targetSeconds: settings.targetSeconds },
        target,
      );
      return {
        start: row.start,
        calls: row.calls,
        ahtSeconds,
        erlangs,
        agents: a.agents,
        fte: fteFor(a.agents, settings.shrinkagePercent),
        serviceLevel: a.serviceLevel,
        abandonment: a.abandonment,
        targetMet: a.targetMet,
      };
    }
    const c = requiredAgentsErlangC(erlangs, ahtSeconds, settings.targetSeconds, target);
    return {
      start: row.start,
      calls: row.calls,
      ahtSeconds,
      erlangs,
      agents: c.agents,
      fte: fteFor(c.agents, settings.shrinkagePercent),
      serviceLevel: c.serviceLevel,
      targetMet: c.targetMet,
    };
  });
}

/** The plan as CSV, one line per interval, figures rounded for a spreadsheet. */
export function planToCsv(plan: PlannedInterval[]): string {
  const header = 'interval_start,calls,aht_seconds,erlangs,required_agents,required_fte,service_level_percent,abandonment_percent,target_met';
  const lines = plan.map((p) =>
    [
      p.start,
      p.calls,
      p.ahtSeconds,
      p.erlangs.toFixed(2),
      p.agents,
      p.fte.toFixed(2),
      (p.serviceLevel * 100).toFixed(1),
      p.abandonment === undefined ? '' : (p.abandonment * 100).toFixed(1),
      p.targetMet ? 'yes' : 'no',
    ].join(','),
  );
  return [header, ...lines].join('\n') + '\n';
}

/** A sample day: 48 half-hours with a morning and an afternoon peak, for trying the planner. */
export function sampleDayCsv(): string {
  const lines = ['interval_start,calls,aht_seconds'];
  for (let i = 0; i < 48; i += 1) {
    const hour = i / 2;
    const open = hour >= 7 && hour < 21;
    const shape = Math.exp(-((hour - 10.5) ** 2) / 4) + 0.8 * Math.exp(-((hour - 15) ** 2) / 5);
    const calls = open ? Math.round(40 + 160 * shape) : 0;
    lines.push(`${String(Math.floor(hour)).padStart(2, '0')}:${i % 2 ? '30' : '00'},${calls},${calls ? 240 : ''}`);
  }
  return lines.join('\n');
}
