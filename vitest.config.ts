import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // A folder for the run's scratch files, removed at the end (src/content/testing.ts).
    globalSetup: ['tests/unit-setup.ts'],
    testTimeout: 20_000,
    // vitest's default on 2 cores is one worker; the cloud tests wait on the
    // emulator and the CLI tests on child processes, so two files at a time
    // keep both cores busy (the unit stage fell from 380 s to about half).
    maxWorkers: 2,
  },
});
