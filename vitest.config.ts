import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // A folder for the run's scratch files, removed at the end (src/content/testing.ts).
    globalSetup: ['tests/unit-setup.ts'],
    // One ceiling for every test and hook, there to end a hang, never a
    // promise about speed (benchmarks make those): on a busy two-core machine
    // (another suite and a build beside it, load 20 and more) the heavy tests
    // (databases of thousands of pages, property runs, the emulators, child
    // processes) take ten times their quiet time, and a 20 s ceiling failed
    // them. Tests set no lower ceiling of their own.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // vitest's default on 2 cores is one worker; the cloud tests wait on the
    // emulator and the CLI tests on child processes, so two files at a time
    // keep both cores busy (the unit stage fell from 380 s to about half).
    maxWorkers: 2,
  },
});
