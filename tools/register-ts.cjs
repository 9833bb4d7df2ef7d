// Lets plain Node require the API's TypeScript sources without a build (the OpenAPI lint, and the test entries that
// run the real API in a child process): each .ts file is transpiled on load with SWC
// (the same settings as the jest transform, decorator metadata included, no type checking) and the workspace's
// `@skillduel/*` path aliases resolve to the libraries' sources as tsconfig.base.json declares them.
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');

const root = join(__dirname, '..');
const { paths } = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')).compilerOptions;
const aliases = new Map(Object.entries(paths).map(([name, [target]]) => [name, join(root, target)]));

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveAlias(request, ...rest) {
  return resolveFilename.call(this, aliases.get(request) ?? request, ...rest);
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
