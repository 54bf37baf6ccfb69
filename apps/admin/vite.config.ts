import { defineConfig } from 'vite';

// The back office (ADR 0029): served by the storefront's front server under /admin/ from dist/.
export default defineConfig({
  base: '/admin/',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 800 },
});
