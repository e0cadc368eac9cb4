import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import type { Plugin } from 'vite';

/** The module icons.tsx takes the sprite's address from. */
export const SPRITE_MODULE = 'virtual:icon-sprite';
const RESOLVED = `\0${SPRITE_MODULE}`;
const ICONS_SOURCE = path.resolve(import.meta.dirname, '../src/icons.tsx');
/** `spriteIcon('Mic')` in icons.tsx: the names the sprite holds. */
const ICON_CALL = /spriteIcon\('([A-Za-z0-9]+)'\)/g;

/** The icon names icons.tsx exports, in its order. */
export function spriteIconNames(source = readFileSync(ICONS_SOURCE, 'utf8')): string[] {
  return [...source.matchAll(ICON_CALL)].map((match) => match[1]!);
}

/**
 * One `<symbol>` per icon, drawn by lucide-react itself (its own markup, rendered once here), so
 * the sprite is lucide's drawing and not a copy of it. The symbol keeps the paths; the stroke and
 * fill come from the `.icon` rule (theme.css) through the `<use>`, as lucide's attributes did.
 */
export function buildSprite(names: string[]): string {
  const symbols = names.map((name) => {
    const icon = (lucide as unknown as Record<string, ComponentType | undefined>)[name];
    if (!icon) throw new Error(`lucide-react has no icon ${name} (packages/ui/src/icons.tsx)`);
    const svg = renderToStaticMarkup(createElement(icon));
    const inner = svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
    return `<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

/**
 * Vite plugin: the icon sprite (`assets/icons-<hash>.svg`) and the `virtual:icon-sprite` module
 * whose default export is its address. The client build writes the file; the server build and the
 * tests only take the address (the same bytes, so the same hash); the dev server serves the file.
 * One file for every page instead of each icon's paths in every page's HTML (docs/decisions.md,
 * "Icons from one sprite").
 */
export function iconSprite(): Plugin {
  let base = '/';
  let sprite = '';
  let fileName = '';
  const load = () => {
    sprite = buildSprite(spriteIconNames());
    fileName = `assets/icons-${createHash('sha256').update(sprite).digest('hex').slice(0, 10)}.svg`;
  };
  return {
    name: 'wfm-icon-sprite',
    configResolved(config) {
      base = config.base;
      load();
    },
    resolveId(id) {
      return id === SPRITE_MODULE ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      this.addWatchFile(ICONS_SOURCE);
      return `export default ${JSON.stringify(base + fileName)};`;
    },
    watchChange(id) {
      if (id === ICONS_SOURCE) load();
    },
    generateBundle() {
      if (this.environment?.config.consumer === 'server') return;
      this.emitFile({ type: 'asset', fileName, source: sprite });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== base + fileName) return next();
        res.setHeader('content-type', 'image/svg+xml');
        res.end(sprite);
      });
    },
  };
}
