import { z } from 'zod';
import { FieldLabel, Msg, required, tooLong } from '../messages';
import { buttonTargetField } from './button-target';
import { urlField } from './url-field';

/**
 * Rich notifications: a title, a link to open and up to two action buttons (a web page, a call or
 * an email). Limits are
 * what phones show without cutting (a title of about 50 characters, a button label of about 20 on
 * Android) and what keeps the push under its 4 KB.
 */
export const NOTIFICATION_TITLE_MAX = 60;
export const NOTIFICATION_LINK_MAX = 500;
export const NOTIFICATION_ACTION_LABEL_MAX = 25;
export const NOTIFICATION_ACTIONS_MAX = 2;

export interface NotificationAction {
  label: string;
  url: string;
}

/** "<Label> must be an https:// address": a link a follower's phone opens must be encrypted. */
export const notHttps = (label: string) =>
  `${label.charAt(0).toUpperCase()}${label.slice(1)} must be an https:// address`;

// A link a follower's phone opens must be encrypted, and open the host it shows (no user name in it).
const httpsUrl = (label: string, notHttps: string, credentials: string) =>
  z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label))
    .max(NOTIFICATION_LINK_MAX, tooLong(label, NOTIFICATION_LINK_MAX))
    .pipe(urlField(['https:'], { invalid: notHttps, credentials }));

export const notificationTitleField = z
  .string({ error: 'Title must be text' })
  .trim()
  .max(NOTIFICATION_TITLE_MAX, tooLong(FieldLabel.title, NOTIFICATION_TITLE_MAX))
  .transform((value) => value || null);

export const notificationLinkField = httpsUrl(FieldLabel.link, Msg.linkNotHttps, Msg.linkCredentials);

export const NotificationActionSchema = z.object({
  label: z
    .string({ error: required(FieldLabel.buttonLabel) })
    .trim()
    .min(1, required(FieldLabel.buttonLabel))
    .max(NOTIFICATION_ACTION_LABEL_MAX, tooLong(FieldLabel.buttonLabel, NOTIFICATION_ACTION_LABEL_MAX)),
  /** https, `tel:` or `mailto:` (button-target.ts). */
  url: z
    .string({ error: required(FieldLabel.buttonLink) })
    .trim()
    .min(1, required(FieldLabel.buttonLink))
    .max(NOTIFICATION_LINK_MAX, tooLong(FieldLabel.buttonLink, NOTIFICATION_LINK_MAX))
    .pipe(buttonTargetField),
});

export const notificationActionsField = z
  .array(NotificationActionSchema, { error: 'actions must be a list of buttons' })
  .max(NOTIFICATION_ACTIONS_MAX, Msg.tooManyButtons);
