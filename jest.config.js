// Three tiers: unit specs beside the code, e2e over HTTP on real PostgreSQL/Redis, browser in Chromium.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  transform: { '^.+\\.ts$': swc },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testEnvironment: 'node',
  // The shared rules package runs from its TypeScript sources in tests (no build step).
  moduleNameMapper: { '^@ar/rules$': '<rootDir>/packages/rules/src/index.ts' },
  modulePathIgnorePatterns: ['<rootDir>/dist', '<rootDir>/admin/dist'],
};
module.exports = {
  // A global option (ignored inside projects): e2e files boot the app and clone a database.
  testTimeout: 60000,
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testSequencer: '<rootDir>/test/support/case-file-sequencer.js',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/src/**/*.spec.ts',
        '<rootDir>/cli/**/*.spec.ts',
        '<rootDir>/admin/src/**/*.spec.ts',
        '<rootDir>/bench/**/*.spec.ts',
        '<rootDir>/packages/**/*.spec.ts',
      ],
    },
    // One Jest file per folder (`<folder>.e2e-spec.ts`) runs the folder's case files (`*.e2e.ts`): test/support/case-files.ts.
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] },
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'] },
  ],
};
