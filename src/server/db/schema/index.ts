export * from './establishments';
export * from './users';
