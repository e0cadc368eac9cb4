import { THEME_STORAGE_KEY } from '@wfm/ui/theme';

/**
 * The classic script the build puts in the head of index.html in place of the module entry
 * (vite.config.ts, deferAppScripts). It does two things:
 *
 * 1. It starts the app's modules (`entry`, with `preloads` as modulepreload links) after the first
 *    paint, so a server-rendered page paints from its HTML and CSS alone; at once when there is
 *    nothing to paint (no server markup, a hidden tab), and at once when a control is clicked.
 *
 * 2. No lost clicks (issue 27 item 3). Until React has hydrated the server's markup (the gateway
 *    marks `#root` `aria-busy`, app/start.tsx removes it and sends `wfm:hydrated`):
 *    - a click on a control marked `data-replay-click="<key>"` (a page's main controls: vote,
 *      upvote, book, filters) is held: the control shows it is pending (`aria-busy`, index.css) and
 *      is clicked once again, by its key, as soon as React has hydrated it;
 *    - text typed into a field stays: the browser keeps it, and the field hands it to its state
 *      once hydrated (src/hooks/use-typed-before-hydration.ts);
 *    - links and GET forms work natively; any other control shows a progress cursor (index.css).
 *
 * 3. The visitor's stored theme (packages/ui theme.ts: localStorage `theme`) goes on the document
 *    root before the first paint: the HTML says dark, and a returning light-theme visitor would
 *    otherwise see the page dark until React has hydrated.
 *
 * It runs before the page's markup is parsed (a blocking script in the head, a few hundred bytes):
 * its listeners are there before anything is painted. ES5 only, as it runs before any check.
 */
export function bootScript(entry: string, preloads: readonly string[]): string {
  return `(function () {
  try {
    var theme = localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});
    if (theme === 'light' || theme === 'dark') {
      var html = document.documentElement;
      html.classList.toggle('dark', theme === 'dark');
      html.classList.toggle('light', theme === 'light');
      html.style.colorScheme = theme;
    }
  } catch (e) {}
  var entry = ${JSON.stringify(entry)};
  var preloads = ${JSON.stringify(preloads)};
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }

  var KEY = 'data-replay-click';
  var held = [];
  /** The server's markup, while React has not hydrated it. */
  function pending(node) {
    var root = document.getElementById('root');
    return !!root && root.getAttribute('aria-busy') === 'true' && root.contains(node);
  }
  function hold(event) {
    var target = event.target;
    if (!(target instanceof Element) || !pending(target)) return;
    var control = target.closest('[' + KEY + ']');
    if (!control || control.closest('a[href]')) return;
    event.preventDefault();
    event.stopPropagation();
    start();
    var key = control.getAttribute(KEY);
    for (var i = 0; i < held.length; i++) if (held[i].key === key) return;
    var alike = document.querySelectorAll('[' + KEY + ']');
    var index = 0;
    for (var j = 0; j < alike.length && alike[j] !== control; j++) if (alike[j].getAttribute(KEY) === key) index++;
    held.push({ key: key, index: index, element: control });
    control.setAttribute('aria-busy', 'true');
  }
  // Typing starts the app at once too (the field hands the text to React once hydrated).
  function type(event) {
    if (event.target instanceof Element && pending(event.target)) start();
  }
  document.addEventListener('click', hold, true);
  document.addEventListener('input', type, true);

  /** React has hydrated an element once it carries its props. */
  function whenHydrated(element, waited, act) {
    var ready = Object.keys(element).some(function (k) { return k.indexOf('__reactProps') === 0; });
    if (ready || waited >= 5000) return act(element);
    setTimeout(function () { whenHydrated(element, waited + 25, act); }, 25);
  }
  function find(entry) {
    if (entry.element.isConnected) return entry.element;
    var same = Array.prototype.filter.call(document.querySelectorAll('[' + KEY + ']'), function (c) { return c.getAttribute(KEY) === entry.key; });
    return same[entry.index] || same[0];
  }
  /** A whole press, as a pointer gives it: some controls act on pointerdown or mousedown (tabs, menus). */
  function press(control) {
    var init = { bubbles: true, cancelable: true, composed: true, button: 0, view: window };
    if (typeof PointerEvent === 'function') control.dispatchEvent(new PointerEvent('pointerdown', Object.assign({ pointerType: 'mouse', isPrimary: true }, init)));
    control.dispatchEvent(new MouseEvent('mousedown', init));
    if (typeof PointerEvent === 'function') control.dispatchEvent(new PointerEvent('pointerup', Object.assign({ pointerType: 'mouse', isPrimary: true }, init)));
    control.dispatchEvent(new MouseEvent('mouseup', init));
    control.click();
  }
  document.addEventListener('wfm:hydrated', function () {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('input', type, true);
    var queue = held.splice(0);
    function next() {
      var entry = queue.shift();
      if (!entry) return;
      entry.element.removeAttribute('aria-busy');
      var control = find(entry);
      if (!control) return next();
      control.removeAttribute('aria-busy');
      // One per task: React applies what a press changed before the next one reads it.
      whenHydrated(control, 0, function (ready) { press(ready); setTimeout(next, 0); });
    }
    // React renders again right after hydrating with what only the browser knows (the visitor's
    // name, the viewport): the held clicks wait for that frame.
    requestAnimationFrame(function () { setTimeout(next, 50); });
  });

  function whenParsed() {
    var root = document.getElementById('root');
    // Nothing to paint first (a page the server does not render), or nothing painted (a hidden tab).
    if (!root || !root.firstElementChild || document.visibilityState === 'hidden') return start();
    try {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        setTimeout(start, 0);
      }).observe({ type: 'paint', buffered: true });
    } catch (error) {
      requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(start, 0); }); });
    }
    setTimeout(start, 1000);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenParsed);
  else whenParsed();
})();
`;
}
