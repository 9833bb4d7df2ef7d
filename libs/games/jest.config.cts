/// <reference types="node" />
const swc = require('../../jest.swc.cjs');

module.exports = {
  displayName: 'games',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  transform: { '^.+\\.[tj]s$': swc() },
  moduleFileExtensions: ['ts', 'js'],
  coverageDirectory: '../../coverage/libs/games',
};
