/// <reference types="node" />
const swc = require('../../jest.swc.cjs');

module.exports = {
  displayName: 'api',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  transform: { '^.+\\.[tj]s$': swc() },
  moduleFileExtensions: ['ts', 'js'],
  // A few runtime dependencies ship ESM only (Node loads them through require(esm), jest's module system cannot);
  // jest transpiles them: the OpenID client stack, otplib's crypto plugins and the OAuth mock server.
  transformIgnorePatterns: [
    // Matches at the innermost node_modules only, so nested copies (otplib's own @noble/hashes) are covered too.
    '/node_modules/(?!(content-disposition|openid-client|oauth4webapi|jose|oauth2-mock-server|is-plain-obj|@noble/hashes|@scure/base)/)(?!.*/node_modules/)',
  ],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  // One real PostgreSQL for the whole run; every test file gets its own database cloned from a migrated template.
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testSequencer: '<rootDir>/test/slow-first-sequencer.cjs',
  testTimeout: 30000,
  // jest's default is one worker less than the cores: a single worker on the 2-core CI machine, so the files run one
  // after another. Each file owns its database, ports and redis-servers, so API_TEST_WORKERS=2 runs two side by side
  // (global-setup's max_connections fits up to 4); not the default until a quiet 2-core run proves it (decision 2410).
  ...(process.env.API_TEST_WORKERS ? { maxWorkers: Number(process.env.API_TEST_WORKERS) } : {}),
  coverageDirectory: '../../coverage/apps/api',
};
