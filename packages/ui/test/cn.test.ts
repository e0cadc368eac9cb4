import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from '../src/index.ts';

describe('cn', () => {
  it('drops falsy values and lets later Tailwind utilities win', () => {
    expect(cn('px-2 py-1', false, undefined, 'px-4')).toBe('py-1 px-4');
  });

  // Merges are kept by their input (a page asks for the same lists on every render), up to a bound.
  it('gives the same merge for a list asked again, also after more distinct lists than it keeps', () => {
    expect(cn('px-2 py-1 px-4')).toBe('py-1 px-4');
    for (let i = 0; i < 5_000; i++) expect(cn(`p-${i % 7} text-sm`, `p-${i}`)).toBe(`text-sm p-${i}`);
    expect(cn('px-2 py-1 px-4')).toBe('py-1 px-4');
    expect(cn('px-2 py-1', 'px-4')).toBe('py-1 px-4');
  });

  it("knows no utility named after an object's own properties", () => {
    expect(cn('toString toString', 'constructor constructor')).toBe('toString toString constructor constructor');
  });

  // The overrides the apps write: a component's own classes (first) and a caller's className (second).
  it.each([
    ['CardContent p-0 and p-4', 'p-5 pt-0', 'flex gap-3 p-4', 'flex gap-3 p-4'],
    ['Card border and text colours', 'rounded-lg border border-border bg-card text-card-foreground', 'border-destructive/40 text-muted-foreground', 'rounded-lg border bg-card border-destructive/40 text-muted-foreground'],
    ['CardTitle text-base (a font size drops an earlier leading)', 'text-lg font-semibold leading-tight', 'flex items-center gap-2 text-base', 'font-semibold flex items-center gap-2 text-base'],
    ['Label font-normal leading-snug', 'text-sm font-medium leading-none', 'font-normal leading-snug peer-disabled:opacity-60', 'text-sm font-normal leading-snug peer-disabled:opacity-60'],
    ['Label text-xs with a text colour', 'text-sm font-medium leading-none', 'text-xs text-muted-foreground', 'font-medium text-xs text-muted-foreground'],
    ['TabsTrigger py-1 text-xs (the editor)', 'px-3 py-1.5 text-sm font-medium', 'py-1 text-xs', 'px-3 font-medium py-1 text-xs'],
    ['TabsList h-auto and flex', 'inline-flex h-10 items-center rounded-md', 'flex h-auto w-full overflow-x-auto [scrollbar-width:thin]', 'items-center rounded-md flex h-auto w-full overflow-x-auto [scrollbar-width:thin]'],
    ['Textarea an arbitrary font size', 'min-h-20 w-full px-3 py-2 text-sm', 'font-mono text-[0.85rem]', 'min-h-20 w-full px-3 py-2 font-mono text-[0.85rem]'],
    ['Input h-auto py-1.5', 'flex h-9 w-full px-3 py-1 text-sm', 'h-auto py-1.5', 'flex w-full px-3 text-sm h-auto py-1.5'],
    ['DialogContent flex column, wider', 'fixed grid max-h-[90dvh] max-w-lg gap-4 p-6', 'flex max-h-[90dvh] flex-col sm:max-w-2xl max-w-md', 'fixed gap-4 p-6 flex max-h-[90dvh] flex-col sm:max-w-2xl max-w-md'],
    ['Skeleton rounded-full', 'animate-pulse rounded-md bg-muted', 'h-5 w-20 rounded-full', 'animate-pulse bg-muted h-5 w-20 rounded-full'],
    ['SessionBanner rounded-none over rounded-t-lg', 'aspect-[16/7] rounded-t-lg', 'rounded-none', 'aspect-[16/7] rounded-none'],
    ['TableHead text-right', 'h-10 px-2 text-left align-middle font-medium', 'text-right', 'h-10 px-2 align-middle font-medium text-right'],
    ['Alert items-center', 'flex items-start gap-3 rounded-lg border p-4', 'items-center', 'flex gap-3 rounded-lg border p-4 items-center'],
    ['Button icon size-7 over h-9 w-9', 'inline-flex rounded-md text-sm h-9 w-9', '-mt-2 -mr-2 size-7 shrink-0', 'inline-flex rounded-md text-sm -mt-2 -mr-2 size-7 shrink-0'],
    ['Button sm h-7 rounded-full', 'rounded-md text-sm bg-secondary h-8 px-3 text-xs', 'h-7 rounded-full', 'bg-secondary px-3 text-xs h-7 rounded-full'],
    ['Button ghost: a text colour keeps the font size', 'text-sm hover:bg-accent hover:text-accent-foreground h-8', 'h-7 text-destructive hover:text-destructive', 'text-sm hover:bg-accent h-7 text-destructive hover:text-destructive'],
    ['Button ghost hover:bg-transparent', 'bg-transparent hover:bg-accent h-9 w-9', 'absolute right-0 top-0 h-9 hover:bg-transparent', 'bg-transparent w-9 absolute right-0 top-0 h-9 hover:bg-transparent'],
    ['Button hidden until sm', 'inline-flex items-center text-sm', 'hidden sm:inline-flex', 'items-center text-sm hidden sm:inline-flex'],
    ['Button outline stacked', 'gap-2 whitespace-nowrap text-sm h-9 px-4 py-2', 'h-auto min-h-9 flex-col gap-1 whitespace-normal px-2 py-2 text-center text-xs sm:flex-row sm:gap-2 sm:text-sm', 'h-auto min-h-9 flex-col gap-1 whitespace-normal px-2 py-2 text-center text-xs sm:flex-row sm:gap-2 sm:text-sm'],
    ['Button ghost full width, left aligned', 'justify-center rounded-md h-9 px-4', 'w-full justify-between rounded-lg px-4', 'h-9 w-full justify-between rounded-lg px-4'],
    ['padding sides under p (p after pt drops it; pt after p stays)', 'pt-6 p-8', 'pt-4', 'p-8 pt-4'],
    ['a border width and colour and ring stay apart', 'border border-border ring-2 ring-ring ring-offset-2 ring-offset-background', 'border-2', 'border-border ring-2 ring-ring ring-offset-2 ring-offset-background border-2'],
    ['font family and weight stay apart', 'font-mono', 'font-semibold', 'font-mono font-semibold'],
    ['flex display, direction, wrap and grow stay apart', 'flex flex-col flex-wrap', 'flex-1 shrink-0', 'flex flex-col flex-wrap flex-1 shrink-0'],
    ['flex-1 drops an earlier shrink-0', 'shrink-0', 'flex-1', 'flex-1'],
    ['size-full drops an earlier w-px and h-full', 'w-px h-full', 'size-full', 'size-full'],
    ['a line clamp drops an earlier overflow and display', 'block overflow-hidden', 'line-clamp-2', 'line-clamp-2'],
    ['class names that are no utility are kept', 'my-data content-preview', 'my-questions', 'my-data content-preview my-questions'],
  ])('%s', (_name, own, caller, merged) => {
    expect(cn(own, caller)).toBe(merged);
    expect(cn(own, caller)).toBe(twMerge(own, caller));
  });
});

/**
 * cn used to be tailwind-merge; it is now a merge of the utilities the apps write (src/cn.ts). Every
 * class found in the apps' sources, taken two at a time in both orders, must merge as
 * tailwind-merge merges it: a new utility that conflicts with another and that cn does not know
 * fails here, and goes into cn.ts.
 */
describe('cn against tailwind-merge over the classes the apps use', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const sources = ['web/src', 'admin-web/src', 'packages/ui/src'].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('cn.ts'))
      .map((file) => path.join(root, dir, file)),
  );
  const words = new Set<string>();
  for (const file of sources) {
    for (const match of readFileSync(file, 'utf8').matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      const text = (match[1] ?? match[2] ?? match[3] ?? '').replace(/\$\{[^}]*\}/g, ' ');
      for (const word of text.split(/\s+/)) if (/^[a-z0-9!@[\-*][^\s;{}]*$/.test(word)) words.add(word);
    }
  }
  // A class either merge takes for a utility (a second copy of it is dropped); the rest both keep as written.
  const classes = [...words].filter((c) => twMerge(`${c} ${c}`) === c || cn(`${c} ${c}`) === c);

  it('finds the classes', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(classes).toEqual(expect.arrayContaining(['px-4', 'text-sm', 'text-muted-foreground', 'hover:bg-accent', 'sm:grid-cols-2']));
  });

  it('merges every pair as tailwind-merge does', () => {
    const differ: string[] = [];
    for (const a of words) if (cn(`${a} ${a}`) !== twMerge(`${a} ${a}`)) differ.push(`${a} ${a}`);
    for (const a of classes) {
      for (const b of classes) {
        const pair = `${a} ${b}`;
        if (a !== b && cn(pair) !== twMerge(pair)) differ.push(`${pair}: cn gives "${cn(pair)}", tailwind-merge "${twMerge(pair)}"`);
      }
    }
    expect(differ).toEqual([]);
  }, 30_000); // about 300,000 pairs: a few seconds
});
