export * from './establishments';
export * from './notifications';
export * from './users';
