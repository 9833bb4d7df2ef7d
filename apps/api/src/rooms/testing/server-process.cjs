// The real API in a child process, for tests that must kill it (SIGKILL) mid-match. TypeScript is compiled on the
// fly with SWC (as jest does) and the workspace libraries are resolved from source. Configuration comes from the
// environment, like `main.ts`; the listening port is reported to the parent over IPC.
const { resolve } = require('node:path');

const root = resolve(__dirname, '../../../../..');
require(resolve(root, 'tools/register-ts.cjs'));

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
