import type { TFunction } from 'i18next';
import { FieldLabel, required, tooLong } from '../../../shared/messages';
import { CONTACT_MESSAGE_MAX, ContactLabel } from '../../../shared/schemas/contact.schema';
import { translateMessage } from '../../lib/translate-message';

/**
 * The contact form's own words for its fields' messages: a business's name and a message are not
 * among the spec's field labels, and "name" there is a business's name, not a person's.
 */
const OWN_MESSAGES: Record<string, { key: string; max?: number }> = {
  [required(FieldLabel.name)]: { key: 'contact.form.errors.nameRequired' },
  [tooLong(FieldLabel.name, 100)]: { key: 'contact.form.errors.nameTooLong', max: 100 },
  [required(ContactLabel.business)]: { key: 'contact.form.errors.businessRequired' },
  [tooLong(ContactLabel.business, 200)]: { key: 'contact.form.errors.businessTooLong', max: 200 },
  [required(ContactLabel.message)]: { key: 'contact.form.errors.messageRequired' },
  [tooLong(ContactLabel.message, CONTACT_MESSAGE_MAX)]: {
    key: 'contact.form.errors.messageTooLong',
    max: CONTACT_MESSAGE_MAX,
  },
};

/** A contact form field's message in the reader's language. */
export function contactErrorText(t: TFunction, message: string | undefined): string {
  const own = message ? OWN_MESSAGES[message] : undefined;
  if (own) return t(`common:${own.key}`, { max: own.max, defaultValue: message });
  return translateMessage(t, message);
}
