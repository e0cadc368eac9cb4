/** The six post templates (spec 2 §9): each fills the content with a structured Markdown outline. */
export type PostTemplate = { id: string; label: string; body: string };

export const POST_TEMPLATES: PostTemplate[] = [
  {
    id: 'forecasting',
    label: 'Forecasting help',
    body: `## Forecasting Challenge

**Channel and interval:** (e.g. voice, 30-minute intervals)
**Forecast horizon:** (e.g. next 12 weeks)
**Method today:** (e.g. moving average, Erlang, vendor tool)

## What is happening
Describe the gap between forecast and actuals.

## Data available
History length, seasonality, known events.

## What I have tried

## What I need help with
`,
  },
  {
    id: 'scheduling',
    label: 'Scheduling question',
    body: `## Scheduling Question

**Team size:** 
**Operating hours:** 
**Shift patterns in use:** 

## The problem
What is not working with the current schedules?

## Constraints
Labour rules, agent preferences, skills, breaks.

## What I need help with
`,
  },
  {
    id: 'rta',
    label: 'RTA / adherence issue',
    body: `## RTA / Adherence Issue

**Current adherence:** 
**Target adherence:** 
**How it is measured:** (tool, exceptions counted, grace periods)

## What we are seeing
When, where and for whom adherence drops.

## Actions taken so far

## What I need help with
`,
  },
  {
    id: 'shrinkage',
    label: 'Shrinkage / absenteeism analysis',
    body: `## Shrinkage / Absenteeism Analysis

**Planned shrinkage:** 
**Actual shrinkage:** 
**Period analysed:** 

## Breakdown
Absence, training, meetings, coaching, breaks, other.

## Trends or patterns
Days of week, seasons, teams.

## What I need help with
`,
  },
  {
    id: 'attrition',
    label: 'Attrition / capacity modeling',
    body: `## Attrition / Capacity Modeling

**Current headcount:** 
**Annual attrition:** 
**Time to proficiency for new hires:** 

## Demand outlook
Volume and handle-time expectations for the planning period.

## Current model
How hiring and capacity plans are built today.

## What I need help with
`,
  },
  {
    id: 'iex-nice',
    label: 'IEX / NICE questions',
    body: `## IEX / NICE Question

**Product and version:** (e.g. NICE IEX WFM, NICE CXone WFM)
**Module:** (forecasting, scheduling, intraday, reporting)

## What I am trying to do


## What happens instead


## Steps already tried
`,
  },
];
