/** What other modules may use of the conversations module's data: a follower's messages, for their data export. */
export { messagesOfFollower } from './conversations.repo';
