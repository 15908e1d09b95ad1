import type { Language } from '../../../shared/i18n/languages';
import { isLanguage } from '../../../shared/i18n/languages';
import type { AuthedActor } from '../../context';
import type { Db } from '../../db/client';
import { findUserById } from './users.repo';

/**
 * The language of an account someone else registers (an operator, a customer): the one chosen in
 * the registration form, else the registering person's own, as the form offers it first. It is
 * the new account's language, so its welcome email and everything after come in it.
 */
export async function registeredAccountLanguage(
  db: Db,
  actor: AuthedActor,
  chosen: Language | undefined,
): Promise<Language> {
  if (chosen) return chosen;
  const language = (await findUserById(db, actor.id))?.language;
  return isLanguage(language) ? language : 'en';
}
