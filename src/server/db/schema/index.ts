export * from './establishments';
export * from './notifications';
export * from './rate-limits';
export * from './users';
