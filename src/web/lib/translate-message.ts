/** The shared translation of the server's messages (the light public page's server uses it too). */
export { isKnownMessage, translateMessage } from '../../shared/i18n/translate-message';
