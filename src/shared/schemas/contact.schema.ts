import { z } from 'zod';
import { DEFAULT_LANGUAGE } from '../i18n/languages';
import { FieldLabel, Msg } from '../messages';
import { LanguageSchema } from './account.schema';
import { emailField, optionalText, requiredText } from './fields';

/**
 * Labels of the contact form's own fields, for their "<field> is required" messages; the web app
 * translates those messages by field (features/contact).
 */
export const ContactLabel = { business: 'business name', message: 'message' } as const;

export const CONTACT_MESSAGE_MAX = 2000;

/** A phone number the business may leave out; when given, digits with the usual separators. */
const optionalPhone = optionalText(FieldLabel.phone, 32).refine(
  (phone) => phone === '' || /^\+?[0-9 ()./-]{5,}$/.test(phone),
  Msg.invalidPhone,
);

/** A business asks to use the service, from /home's contact form; the representatives answer. */
export const ContactRequestBodySchema = z.object({
  name: requiredText(FieldLabel.name),
  business: requiredText(ContactLabel.business, 200),
  email: emailField,
  phone: optionalPhone.default(''),
  message: requiredText(ContactLabel.message, CONTACT_MESSAGE_MAX),
  /** The visitor's interface language: the language to answer in. */
  language: LanguageSchema.default(DEFAULT_LANGUAGE),
});
export type ContactRequestBody = z.input<typeof ContactRequestBodySchema>;

/** A contact request as the representatives read it. */
export const ContactRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  business: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  language: LanguageSchema,
  createdAt: z.string(),
});
export type ContactRequest = z.infer<typeof ContactRequestSchema>;

export const ContactRequestListQuerySchema = z.object({
  cursor: z.string().max(400, Msg.invalidCursor).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ContactRequestListQuery = z.output<typeof ContactRequestListQuerySchema>;

export const ContactRequestListSchema = z.object({
  items: z.array(ContactRequestSchema),
  /** Pass as `cursor` for the next (older) page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type ContactRequestList = z.infer<typeof ContactRequestListSchema>;
