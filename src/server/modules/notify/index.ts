/** What other modules may use of the notify module's data: stopping a follower's email from a business. */
export { stopEmail } from './notify.repo';
