import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // A folder for the run's scratch files, removed at the end (src/content/testing.ts).
    globalSetup: ['tests/unit-setup.ts'],
    testTimeout: 20_000,
  },
});
