export * from './engagement';
export * from './establishments';
export * from './management';
export * from './notifications';
export * from './rate-limits';
export * from './reports';
export * from './users';
