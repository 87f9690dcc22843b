export * from './analytics';
export * from './consent';
