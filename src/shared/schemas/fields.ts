import { z } from 'zod';
import { FieldLabel, Msg, required, tooLong } from '../messages';
import { VISIT_SOURCES } from './report-sources';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A required, trimmed text field whose every failure names the field. */
export const requiredText = (label: string, max = 100) =>
  z
    .string({
      error: (issue) => (issue.input == null ? required(label) : `${capitalize(label)} must be text`),
    })
    .trim()
    .min(1, required(label))
    .max(max, tooLong(label, max));

/** An optional text field; empty input is stored as an empty string. */
export const optionalText = (label: string, max = 500) =>
  z
    .string({ error: `${capitalize(label)} must be text` })
    .trim()
    .max(max, tooLong(label, max));

/** An email address, trimmed and lower-cased so uniqueness is case-insensitive. */
export const emailField = z
  .string({ error: (issue) => (issue.input == null ? required(FieldLabel.email) : Msg.invalidEmail) })
  .trim()
  .min(1, required(FieldLabel.email))
  .max(254, Msg.invalidEmail)
  .pipe(z.email(Msg.invalidEmail))
  .transform((email) => email.toLowerCase());

/** A new password: at least 7 characters (spec section 9). */
export const newPasswordField = z
  .string({ error: (issue) => (issue.input == null ? required(FieldLabel.password) : Msg.passwordTooShort) })
  .min(1, required(FieldLabel.password))
  .min(7, Msg.passwordTooShort)
  .max(200, 'Password must be at most 200 characters');

/** An existing password as typed at sign-in: only presence is checked. */
export const passwordField = z
  .string({ error: required(FieldLabel.password) })
  .min(1, required(FieldLabel.password))
  .max(200, 'Password must be at most 200 characters');

/** A phone number: digits with the usual separators. */
export const phoneField = requiredText(FieldLabel.phone, 32).regex(/^\+?[0-9 ()./-]{5,}$/, Msg.invalidPhone);

/** A single-use token from an emailed link. */
export const tokenField = z
  .string({ error: Msg.tokenInvalid })
  .trim()
  .min(1, Msg.tokenInvalid)
  .max(200, Msg.tokenInvalid);

/** Where a public page visit came from (report-sources.ts): a follow or registration carries it. */
export const visitSourceField = z.enum(VISIT_SOURCES, {
  error: `Choose one of: ${VISIT_SOURCES.join(', ')}`,
});
