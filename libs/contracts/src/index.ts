export * from './lib/constants';
export * from './lib/messages';
export * from './lib/money';
export * from './lib/api-types';
export * from './lib/web-additions';
