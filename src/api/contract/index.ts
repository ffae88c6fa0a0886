export * from './locales';
export * from './errors';
export * from './app';
export * from './endpoints';
export * from './assets';
