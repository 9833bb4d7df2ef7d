const swc = require('../../jest.swc.cjs');

module.exports = {
  displayName: 'api',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  transform: { '^.+\\.[tj]s$': swc() },
  moduleFileExtensions: ['ts', 'js'],
  // A few runtime dependencies ship ESM only; jest's module system needs them transpiled.
  transformIgnorePatterns: ['/node_modules/(?!(@fastify/static/node_modules/)?content-disposition/)'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
  // One real PostgreSQL for the whole run; every test file gets its own database cloned from a migrated template.
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 30000,
  coverageDirectory: '../../coverage/apps/api',
};
