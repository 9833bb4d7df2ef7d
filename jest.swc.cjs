// One SWC transform for every jest project: fast, and it keeps decorator metadata NestJS needs.
// Type checking is a separate step (`npm run typecheck`), so tests never depend on it.
module.exports = (options = {}) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: Boolean(options.tsx) },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        ...(options.tsx ? { react: { runtime: 'automatic' } } : {}),
      },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];
