import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // The runner's own output, then the skipped tests and one count line at the very end.
    reporters: ['default', './scripts/count-reporter.mjs'],
  },
});
