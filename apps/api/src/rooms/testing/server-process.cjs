// The real API in a child process, for tests that must kill it (SIGKILL) mid-match. TypeScript is compiled on the
// fly with SWC (as jest does) and the workspace libraries are resolved from source. Configuration comes from the
// environment, like `main.ts`; the listening port is reported to the parent over IPC.
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');
const { transformSync } = require('@swc/core');

const root = resolve(__dirname, '../../../../..');
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

const { createApp } = require(resolve(root, 'apps/api/src/bootstrap.ts'));
const { loadConfig } = require(resolve(root, 'apps/api/src/config/app-config.ts'));
const { installProcessGuard } = require(resolve(root, 'apps/api/src/common/process-guard.ts'));

(async () => {
  const app = await createApp(loadConfig(), { logger: false });
  // As main.ts does: a stray rejection is logged and counted, not the end of the process.
  installProcessGuard(app);
  await app.listen(0, '127.0.0.1');
  process.send({ port: app.getHttpServer().address().port });
})().catch((error) => {
  process.stderr.write(`server-process failed: ${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
