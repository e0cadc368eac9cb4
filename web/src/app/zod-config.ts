import { config } from 'zod';

// zod 4 probes `new Function` (to compile fast object parsers) the first time it parses; the
// gateway's Content-Security-Policy has no 'unsafe-eval', so the probe was a CSP violation on every
// page (Lighthouse best practices: "Issues were logged"). Parsing without compiling asks nothing.
config({ jitless: true });
