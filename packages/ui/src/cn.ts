import { clsx, type ClassValue } from 'clsx';

/**
 * The merge of conflicting Tailwind classes that tailwind-merge did, cut to the utilities this
 * codebase writes (issue 27 item 4: tailwind-merge with its full Tailwind table was 8 KB of every
 * route's JavaScript). A class is `modifiers:` + utility; two classes conflict when their utilities
 * fall in one group under the same modifiers (`px-2` and `px-4`, `text-sm` and `text-xs`, but not
 * `text-sm` and `text-primary`), or when the later one's group covers the earlier one's (`p-2`
 * after `px-4`, `size-4` after `h-3`). The later class wins, as with tailwind-merge. A utility not
 * known here is kept as written. test/cn.test.ts compares this with tailwind-merge over every class
 * found in the apps' sources: a new utility that conflicts with another must be added here.
 */

/** Utilities that are a group by their whole name. */
const WORDS: Record<string, string> = {};
const words = (group: string, names: string) => names.split(' ').forEach((name) => (WORDS[name] = group));
words('display', 'block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column table-column-group table-footer-group table-header-group table-row-group table-row flow-root grid inline-grid contents list-item hidden');
words('position', 'static fixed absolute relative sticky');
words('visibility', 'visible invisible collapse');
words('sr', 'sr-only not-sr-only');
words('decoration-line', 'underline overline line-through no-underline');
words('font-style', 'italic not-italic');
words('text-transform', 'uppercase lowercase capitalize normal-case');
words('text-overflow', 'truncate text-ellipsis text-clip');
words('fvn-spacing', 'tabular-nums proportional-nums');
words('border-collapse', 'border-collapse border-separate');
words('filter', 'filter filter-none');
words('caption', 'caption-top caption-bottom');
words('grow', 'grow');
words('shrink', 'shrink');
words('isolation', 'isolate isolation-auto');

/** Utilities `prefix-value` (matched longest prefix first); a prefix's value may choose among groups (VALUE_GROUPS). */
const PREFIXES =
  'pointer-events underline-offset ring-offset outline-offset line-clamp overflow backdrop-blur justify-items justify-self place-content place-items place-self grid-cols grid-rows col-span row-span col-start row-start translate-x translate-y overflow-x overflow-y whitespace appearance transition decoration animate tracking leading rounded-tl rounded-tr rounded-br rounded-bl rounded-t rounded-r rounded-b rounded-l rounded-s rounded-e rounded border-x border-y border-t border-r border-b border-l border-s border-e border inset-x inset-y inset content opacity shadow select cursor object aspect accent rotate scale-x scale-y scale min-w min-h max-w max-h gap-x gap-y gap space-x space-y divide-x divide-y duration delay ease basis order items self justify align break outline ring font text list blur shrink grow flex size top right bottom left start end bg z w h px py pt pr pb pl ps pe p mx my mt mr mb ml ms me m'
    .split(' ')
    .sort((a, b) => b.length - a.length);

/** Prefixes that are a utility without a value too (`border`, `rounded`, `transition`). */
const BARE = /^(border(-[xytrblse])?|rounded(-[trblse]|-[tb][lr])?|shadow|ring|outline|transition|blur|backdrop-blur|divide-[xy])$/;
/** Prefixes whose value is a length (`px-4`, `w-1/2`, `max-w-lg`, `top-[3px]`); a word like `my-data` is no class. */
const SIZED = /^(p[xytrblse]?|m[xytrblse]?|gap(-[xy])?|space-[xy]|inset(-[xy])?|top|right|bottom|left|start|end|w|h|size|min-[wh]|max-[wh]|translate-[xy]|basis)$/;
const SIZE = /^(\d+(\.\d+)?|\d+\/\d+|px|auto|full|screen|fit|min|max|[dsl]v[hw]|prose|none|2?xs|sm|md|lg|\d?xl|\[.+\]|\(.+\))$/;
const FONT_SIZES = /^(xs|sm|base|lg|\d?xl)$/;
const NUMBER = /^\d+(\.\d+)?$/;
const LENGTH = /^\[(length:|\d|\.\d|calc\(|var\(--[\w-]*(size|width|length))/;
const isWidth = (value: string) => value === '' || NUMBER.test(value) || /^\[(length:|\d|\.\d)/.test(value);

/** The group of a prefix's value, where one prefix covers several properties (`text-sm`, `text-primary`). */
const VALUE_GROUPS: Record<string, (value: string) => string | undefined> = {
  text: (v) =>
    FONT_SIZES.test(v) || (v.startsWith('[') && LENGTH.test(v)) ? 'text-size'
      : /^(left|center|right|justify|start|end)$/.test(v) ? 'text-align'
        : /^(wrap|nowrap|balance|pretty)$/.test(v) ? 'text-wrap'
          : 'text-color',
  font: (v) => (/^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/.test(v) ? 'font-weight' : 'font-family'),
  shadow: (v) => (v === '' || /^(2?xs|sm|md|lg|2?xl|none|inner)$/.test(v) ? 'shadow' : 'shadow-color'),
  ring: (v) => (isWidth(v) ? 'ring-w' : v === 'inset' ? 'ring-inset' : 'ring-color'),
  'ring-offset': (v) => (isWidth(v) ? 'ring-offset-w' : 'ring-offset-color'),
  outline: (v) => (v === '' || /^(none|solid|dashed|dotted|double|hidden)$/.test(v) ? 'outline-style' : isWidth(v) ? 'outline-w' : 'outline-color'),
  decoration: (v) => (/^(solid|dashed|dotted|double|wavy)$/.test(v) ? 'decoration-style' : isWidth(v) || v === 'auto' || v === 'from-font' ? 'decoration-w' : 'decoration-color'),
  flex: (v) =>
    /^(row|row-reverse|col|col-reverse)$/.test(v) ? 'flex-direction'
      : /^(wrap|wrap-reverse|nowrap)$/.test(v) ? 'flex-wrap'
        : /^(\d+|\d+\/\d+|auto|initial|none|\[.+\])$/.test(v) ? 'flex'
          : undefined,
  bg: (v) =>
    /^(fixed|local|scroll)$/.test(v) ? 'bg-attachment'
      : /^(auto|cover|contain)$/.test(v) ? 'bg-size'
        : /^(bottom|center|left|right|top)(-|$)/.test(v) ? 'bg-position'
          : /^(no-)?repeat/.test(v) ? 'bg-repeat'
            : /^(none|gradient-|linear-|radial|conic)/.test(v) ? 'bg-image'
              : 'bg-color',
  list: (v) => (/^(inside|outside)$/.test(v) ? 'list-position' : 'list-style'),
  object: (v) => (/^(contain|cover|fill|none|scale-down)$/.test(v) ? 'object-fit' : 'object-position'),
  content: (v) => (/^(normal|center|start|end|between|around|evenly|baseline|stretch)$/.test(v) ? 'align-content' : v === 'none' || v.startsWith('[') ? 'content' : undefined),
};
/** The border prefixes: `border-2` a width, `border-dashed` a style, `border-primary` a colour, per side. */
for (const side of ['', '-x', '-y', '-t', '-r', '-b', '-l', '-s', '-e']) {
  VALUE_GROUPS[`border${side}`] = (v) =>
    isWidth(v) ? `border-w${side}` : side === '' && /^(solid|dashed|dotted|double|hidden|none)$/.test(v) ? 'border-style' : `border-color${side}`;
}

/** A group and the groups it overrides when it comes later: `p-2` drops an earlier `px-4`. */
const COVERS: Record<string, string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  size: ['w', 'h'],
  overflow: ['overflow-x', 'overflow-y'],
  flex: ['basis', 'grow', 'shrink'],
  'line-clamp': ['display', 'overflow'],
  'text-size': ['leading'],
  rounded: ['rounded-s', 'rounded-e', 'rounded-t', 'rounded-r', 'rounded-b', 'rounded-l', 'rounded-tl', 'rounded-tr', 'rounded-br', 'rounded-bl'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'border-w': ['border-w-x', 'border-w-y', 'border-w-s', 'border-w-e', 'border-w-t', 'border-w-r', 'border-w-b', 'border-w-l'],
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': ['border-color-x', 'border-color-y', 'border-color-s', 'border-color-e', 'border-color-t', 'border-color-r', 'border-color-b', 'border-color-l'],
  'border-color-x': ['border-color-r', 'border-color-l'],
  'border-color-y': ['border-color-t', 'border-color-b'],
};

/** The group of a utility (the class without its modifiers), or undefined for one not known here. */
function groupOf(utility: string): string | undefined {
  // Own keys only: `toString` or `constructor` (words in a source) are no utilities.
  if (Object.hasOwn(WORDS, utility)) return WORDS[utility];
  // An arbitrary property, `[scrollbar-width:thin]`: its group is the property.
  if (utility.startsWith('[')) return /^\[([a-z-]+):/.exec(utility)?.[1];
  const name = utility.startsWith('-') ? utility.slice(1) : utility;
  for (const prefix of PREFIXES) {
    if (name === prefix || name.startsWith(`${prefix}-`)) {
      const value = name.slice(prefix.length + 1);
      if (value === '' ? !BARE.test(prefix) : SIZED.test(prefix) && !SIZE.test(value)) return undefined;
      const choose = VALUE_GROUPS[prefix];
      return choose ? choose(value) : prefix;
    }
  }
  return undefined;
}

/** Splits `sm:hover:px-2` into its modifiers (`sm:hover:`) and utility, outside brackets. */
function split(name: string): [string, string] {
  let depth = 0;
  let end = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ':' && depth === 0) end = i + 1;
  }
  return [name.slice(0, end), name.slice(end)];
}

/**
 * Merges already made, by their input. A page asks for the same few hundred class lists over and
 * over (every card of a feed, every render); merging one walks the prefix table for each class, which
 * was 25-30 ms of a phone's hydration of the home feed (issue 27). Bounded: a component building
 * class lists from data cannot grow it past this many entries; it starts afresh when full.
 */
const merged = new Map<string, string>();
const MERGED_MAX = 2_000;

/** Later classes win over earlier ones of the same group and modifiers, as tailwind-merge did. */
export function mergeClasses(classes: string): string {
  let result = merged.get(classes);
  if (result === undefined) {
    if (merged.size >= MERGED_MAX) merged.clear();
    merged.set(classes, (result = mergeUncached(classes)));
  }
  return result;
}

function mergeUncached(classes: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const names = classes.split(/\s+/);
  for (let i = names.length - 1; i >= 0; i--) {
    const name = names[i]!;
    if (!name) continue;
    const [modifiers, rest] = split(name);
    const important = rest.startsWith('!') || rest.endsWith('!') ? '!' : '';
    const group = groupOf(rest.replace(/^!|!$/g, ''));
    if (group) {
      const key = modifiers + important;
      if (taken.has(key + group)) continue;
      taken.add(key + group);
      for (const covered of (Object.hasOwn(COVERS, group) && COVERS[group]) || []) taken.add(key + covered);
    }
    kept.push(name);
  }
  return kept.reverse().join(' ');
}

/** Joins class names and lets later Tailwind utilities override earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
