import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Files worth compressing: text, at least 1 KB. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible build output, once, at the best
 * levels, so the gateway sends them as they are (@fastify/static `preCompressed`) instead of the
 * raw bytes or a compression per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'wfm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).map((f) => path.join(outDir, f));
      await Promise.all(
        files.map(async (file) => {
          if (!COMPRESSIBLE.test(file) || (await stat(file)).size < 1024) return;
          const bytes = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gz(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

// The dev server forwards API, realtime and upload traffic to the gateway (PORT, default 8080).
const gateway = `http://localhost:${process.env.PORT || 8080}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway },
      '/uploads': { target: gateway },
      '/ws': { target: gateway, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        // Only the ones every page needs are grouped; a catch-all vendor group (and a charts group,
        // which took shared helpers such as clsx with it) put libraries that only some pages use
        // into every first visit. Left alone, the bundler keeps them with the pages that use them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            // zod-config.ts rides with zod: the chunk evaluates it right after zod, before any chunk
            // that builds a schema (in the entry chunk it would run after the chunks it imports).
            { name: 'data', test: /node_modules[\\/](@tanstack|zod)[\\/]|[\\/]src[\\/]app[\\/]zod-config\.ts$/ },
          ],
        },
      },
    },
  },
});
