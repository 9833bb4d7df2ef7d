// The number-rush functions of libs/games for the scripts in tools/ (the engine's own, not copies), loaded from the
// TypeScript source with jiti: `numberRushMinAnswerMs(question, answer)` and `solveArithmetic(question)`. Used by
// bench:realtime, bench:scale and the chaos soak. `@skillduel/contracts` points at its constants file only: its DTOs
// use decorators jiti cannot compile, and number-rush needs nothing else from it.
import { createJiti } from 'jiti';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function loadNumberRush() {
  const jiti = createJiti(import.meta.url, {
    alias: { '@skillduel/contracts': join(root, 'libs/contracts/src/lib/constants.ts') },
  });
  const { numberRushMinAnswerMs, solveArithmetic } = await jiti.import(
    join(root, 'libs/games/src/number-rush/number-rush.ts'),
  );
  return { numberRushMinAnswerMs, solveArithmetic };
}
