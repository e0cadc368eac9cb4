import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { inlineIcons } from '@wfm/ui/inline-icons';
import { defineConfig } from 'vite';

// The dev server forwards API calls to the gateway (PORT, default 8080).
const gateway = `http://localhost:${process.env.PORT || 8080}`;

export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss(), inlineIcons()],
  server: {
    port: 5174,
    proxy: { '/api': { target: gateway } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
});
