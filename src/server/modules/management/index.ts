/** What other modules may use of the management module's data: the admin's list of users, by page. */
export { listUsers } from './users.repo';
