import { renderToStaticMarkup } from 'react-dom/server';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { iconMarkup, iconNames } from '../build/icon-markup.ts';
import * as icons from '../src/icons.tsx';

const { inlineIcon, ...exported } = icons;

describe('icons as compact inline markup', () => {
  it('every exported icon draws lucide-react\'s own drawing of its name, with the .icon rule in place of lucide\'s attributes', () => {
    expect(Object.keys(exported).length).toBeGreaterThan(50);
    expect(Object.keys(exported).sort()).toEqual([...iconNames()].sort());
    for (const [name, Icon] of Object.entries(exported)) {
      const html = renderToStaticMarkup(<Icon className="size-4" />);
      expect(html, name).toBe(`<svg class="icon size-4" viewBox="0 0 24 24" aria-hidden="true">${iconMarkup(name)}</svg>`);
      // The drawing itself: lucide's paths, circles or lines.
      expect(iconMarkup(name), name).toMatch(/^<(path|circle|rect|line|polyline|polygon|ellipse) /);
    }
  });

  it('rendered in the browser, the markup is SVG elements, not text', () => {
    const { container } = render(<icons.Mic />);
    const paths = container.querySelectorAll('svg > path, svg > rect');
    expect(paths.length).toBeGreaterThan(0);
    expect(paths[0]!.namespaceURI).toBe('http://www.w3.org/2000/svg');
  });

  it('a labelled icon is not hidden from assistive technology, and strokeWidth sets the stroke inline', () => {
    expect(renderToStaticMarkup(<icons.Mic aria-label="Microphone" />)).toMatch(/^<svg class="icon" viewBox="0 0 24 24" aria-label="Microphone">/);
    expect(renderToStaticMarkup(<icons.Mic strokeWidth={3} />)).toMatch(/^<svg class="icon" viewBox="0 0 24 24" style="stroke-width:3" aria-hidden="true">/);
  });

  it('an icon without its markup (a Vite config without the plugin) fails at once; the build refuses a name lucide-react does not have', () => {
    expect(() => inlineIcon('Mic')).toThrow(/icon Mic has no markup/);
    expect(() => iconMarkup('NoSuchIcon')).toThrow(/lucide-react has no icon NoSuchIcon/);
  });
});
