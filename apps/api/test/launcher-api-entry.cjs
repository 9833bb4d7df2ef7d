// The API's own main.ts (listens on PORT, like dist/apps/api/main.js) run from source, for the launcher tests
// (SKILLDUEL_API_ENTRY with `tools/start.mjs --no-build`), so they need no production build. TypeScript is compiled
// on the fly with SWC (as jest does) and the workspace libraries are resolved from source.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');
const { transformSync } = require('@swc/core');

const root = resolve(__dirname, '../../..');
const aliases = {
  '@skillduel/contracts': resolve(root, 'libs/contracts/src/index.ts'),
  '@skillduel/games': resolve(root, 'libs/games/src/index.ts'),
};
const originalResolve = Module._resolveFilename;
Module._resolveFilename = function resolveWithAliases(request, ...rest) {
  return originalResolve.call(this, aliases[request] ?? request, ...rest);
};
Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

require(resolve(root, 'apps/api/src/main.ts'));
