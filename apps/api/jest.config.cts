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
  testTimeout: 30000,
  coverageDirectory: '../../coverage/apps/api',
};
