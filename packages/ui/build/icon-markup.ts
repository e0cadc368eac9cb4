import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import type { Plugin } from 'vite';

const ICONS_SOURCE = path.resolve(import.meta.dirname, '../src/icons.tsx');
/** `inlineIcon('Mic')` in icons.tsx, before the plugin gives it the icon's markup. */
const ICON_CALL = /inlineIcon\('([A-Za-z0-9]+)'\)/g;

/** The icon names icons.tsx exports, in its order. */
export function iconNames(source = readFileSync(ICONS_SOURCE, 'utf8')): string[] {
  return [...source.matchAll(ICON_CALL)].map((match) => match[1]!);
}

/**
 * What lucide-react draws inside the icon's `<svg>` (its paths, circles and lines), rendered by
 * lucide-react itself, so the markup is lucide's drawing and not a copy of it.
 */
export function iconMarkup(name: string): string {
  const icon = (lucide as unknown as Record<string, ComponentType | undefined>)[name];
  if (!icon) throw new Error(`lucide-react has no icon ${name} (packages/ui/src/icons.tsx)`);
  const svg = renderToStaticMarkup(createElement(icon));
  return svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
}

/**
 * Vite plugin: gives each `inlineIcon('Name')` of icons.tsx the icon's markup as a second
 * argument, at build, server build, dev and test time alike (both apps' Vite and Vitest configs and
 * @wfm/ui's Vitest config load it). So an icon is lucide's drawing in a string, without lucide's
 * component in the browser (docs/decisions.md, "Icons as compact inline markup").
 */
export function inlineIcons(): Plugin {
  return {
    name: 'wfm-inline-icons',
    enforce: 'pre',
    transform(code, id) {
      if (id.split('?')[0] !== ICONS_SOURCE) return undefined;
      return { code: code.replace(ICON_CALL, (_, name: string) => `inlineIcon('${name}', ${JSON.stringify(iconMarkup(name))})`), map: null };
    },
  };
}
