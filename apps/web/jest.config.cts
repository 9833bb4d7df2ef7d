const swc = require('../../jest.swc.cjs');

// msw 3 and its helpers ship as ES modules only; jest runs CommonJS here, so SWC compiles them too.
const esmOnlyPackages = [
  'msw',
  '@msw',
  '@mswjs',
  '@open-draft',
  'headers-polyfill',
  'rettime',
  'until-async',
  // msw's own newer copies, nested under node_modules/msw/node_modules.
  'cookie',
  'tough-cookie',
];

module.exports = {
  displayName: 'web',
  preset: '../../jest.preset.js',
  testEnvironment: 'jest-fixed-jsdom',
  // msw/node resolves through the "node"/"default" export conditions, not "browser".
  testEnvironmentOptions: { customExportConditions: [''] },
  transform: {
    '^.+\\.[tj]sx?$': swc({ tsx: true }),
    '^.+\\.m?js$': swc(),
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
  moduleNameMapper: {
    // The same browser entry of the contracts lib as the build (tsconfig.json paths, docs/decisions/1301).
    '^@skillduel/contracts$': '<rootDir>/../../libs/contracts/src/browser.ts',
    '\\.(css|svg|png|jpg|ico)$': '<rootDir>/src/test/file-stub.cjs',
  },
  setupFiles: ['<rootDir>/src/test/polyfills.ts'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup-tests.ts'],
  testTimeout: 20000,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs'],
  coverageDirectory: '../../coverage/apps/web',
};
