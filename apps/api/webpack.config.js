const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { join } = require('path');
const webpack = require('webpack');

// SKILLDUEL_CHAOS_BUILD=1: the chaos soak's build (tools/chaos/build.mjs), the production bundle with the test-only
// fault points of src/database/fault-hook.chaos.ts, written to dist/chaos/api so it never replaces the real build.
const chaos = process.env.SKILLDUEL_CHAOS_BUILD === '1';

module.exports = {
  output: {
    path: join(__dirname, chaos ? '../../dist/chaos/api' : '../../dist/apps/api'),
    clean: true,
    ...(process.env.NODE_ENV !== 'production' && {
      devtoolModuleFilenameTemplate: '[absolute-resource-path]',
    }),
  },
  plugins: [
    new NxAppWebpackPlugin({
      target: 'node',
      compiler: 'tsc',
      main: './src/main.ts',
      tsConfig: './tsconfig.app.json',
      optimization: false,
      outputHashing: 'none',
      generatePackageJson: false,
      sourceMap: true,
    }),
    ...(chaos
      ? [
          new webpack.NormalModuleReplacementPlugin(/\/fault-hook$/, (resource) => {
            resource.request = resource.request.replace(/fault-hook$/, 'fault-hook.chaos');
          }),
        ]
      : []),
  ],
};
