import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

/** `export * from './lib/x'` / `export type * from './lib/x'` lines of an entry file. */
function reExports(file: string): Map<string, 'value' | 'type'> {
  const text = readFileSync(join(__dirname, file), 'utf8');
  const found = new Map<string, 'value' | 'type'>();
  for (const match of text.matchAll(/^export (type )?\* from '(\.\/lib\/[^']+)';$/gm)) {
    found.set(match[2], match[1] ? 'type' : 'value');
  }
  return found;
}

/** Whether the module imports class-validator or class-transformer, itself or through its relative imports. */
function importsServerOnlyLibrary(modulePath: string, seen = new Set<string>()): boolean {
  if (seen.has(modulePath)) return false;
  seen.add(modulePath);
  const text = readFileSync(join(__dirname, `${modulePath}.ts`), 'utf8');
  if (/from '(class-validator|class-transformer)'/.test(text)) return true;
  // A value import of a sibling module (a DTO base class); `import type` brings no code along.
  return [...text.matchAll(/^import (?!type )[^;]*? from '(\.{1,2}\/[^']+)';$/gms)].some(([, relative]) =>
    importsServerOnlyLibrary(posix.join(posix.dirname(modulePath), relative), seen),
  );
}

describe('browser entry (docs/decisions/1301)', () => {
  const server = reExports('index.ts');
  const browser = reExports('browser.ts');

  it('re-exports every module of the server entry', () => {
    expect([...browser.keys()].sort()).toEqual([...server.keys()].sort());
  });

  it('exports only the types of modules that use class-validator or class-transformer, and values of the rest', () => {
    for (const [modulePath, kind] of browser) {
      expect({ modulePath, kind }).toEqual({
        modulePath,
        kind: importsServerOnlyLibrary(modulePath) ? 'type' : 'value',
      });
    }
  });
});
