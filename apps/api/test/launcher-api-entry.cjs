// The API's own main.ts (listens on PORT, like dist/apps/api/main.js) run from source, for the launcher tests
// (SKILLDUEL_API_ENTRY with `tools/start.mjs --no-build`), so they need no production build. TypeScript is compiled
// on the fly with SWC (as jest does) and the workspace libraries are resolved from source.
const { resolve } = require('node:path');

const root = resolve(__dirname, '../../..');
require(resolve(root, 'tools/register-ts.cjs'));

require(resolve(root, 'apps/api/src/main.ts'));
