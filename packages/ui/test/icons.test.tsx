import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildSprite, spriteIconNames } from '../build/icon-sprite.ts';
import * as icons from '../src/icons.tsx';

const { spriteIcon, ...exported } = icons;
const sprite = buildSprite(spriteIconNames());

describe('icons from one sprite', () => {
  it('every exported icon draws a symbol the sprite holds, under its own name', () => {
    expect(Object.keys(exported).length).toBeGreaterThan(50);
    for (const [name, Icon] of Object.entries(exported)) {
      const html = renderToStaticMarkup(<Icon className="size-4" />);
      const match = html.match(/^<svg class="icon size-4" aria-hidden="true"><use href="(\/assets\/icons-[0-9a-f]{10}\.svg)#(\w+)"><\/use><\/svg>$/);
      expect(match, `${name}: ${html}`).not.toBeNull();
      expect(match![2]).toBe(name);
      // The symbol draws something: lucide's own paths, circles or lines.
      expect(sprite).toMatch(new RegExp(`<symbol id="${name}" viewBox="0 0 24 24"><(path|circle|rect|line|polyline|polygon|ellipse) `));
    }
  });

  it('the sprite holds exactly the exported icons, once each', () => {
    const symbols = [...sprite.matchAll(/<symbol id="(\w+)"/g)].map((m) => m[1]);
    expect(symbols.sort()).toEqual(Object.keys(exported).sort());
  });

  it('a labelled icon is not hidden from assistive technology, and strokeWidth sets the stroke inline', () => {
    const Labelled = spriteIcon('Mic');
    expect(renderToStaticMarkup(<Labelled aria-label="Microphone" />)).toMatch(/^<svg class="icon" aria-label="Microphone">/);
    expect(renderToStaticMarkup(<Labelled strokeWidth={3} />)).toMatch(/^<svg class="icon" style="stroke-width:3" aria-hidden="true">/);
  });

  it('the build refuses a name lucide-react does not have', () => {
    expect(() => buildSprite(['NoSuchIcon'])).toThrow(/lucide-react has no icon NoSuchIcon/);
  });
});
