import type { TFunction } from 'i18next';
import { translateMessage } from '../../../../shared/i18n/translate-message';
import { FieldLabel, Msg } from '../../../../shared/messages';
import { nameInLanguage, type Preference } from '../../../../shared/schemas/preference.schema';
import { html, type Markup, trusted } from './html';
import { cover, icon, type LightPageInput, logo } from './light-parts';
import { richText } from './page-language';

/** The register-and-follow page's main part: the form, its preferences and the registered notice. */

export function registerMain(t: TFunction, input: LightPageInput): Markup {
  const { establishment, androidAppUrl } = input;
  const { name, publicId, status } = establishment;
  const pageLink = `/${publicId}`;
  const appName = t('appName');
  const inactive = status === 'inactive';
  return html`<div class="lp-narrow"><section class="lp-card lp-register">
${cover(t, establishment, true)}
<div class="lp-register-logo">${logo(t, establishment, 'lp-logo-register')}</div>
<div class="lp-register-body">
<div class="lp-center">
<h1 id="lp-title" data-done="${translateMessage(t, Msg.registered)}">${inactive ? name : t('publicPage.register.title', { name, appName })}</h1>
${!inactive && html`<p class="lp-sub" id="lp-subtitle">${t('publicPage.register.subtitle', { name })}</p>`}
</div>
${
  inactive
    ? html`<p class="lp-alert" role="status">${translateMessage(t, Msg.establishmentInactive)}</p><a class="lp-btn lp-block" href="${pageLink}">${t('publicPage.register.viewPage')}</a>`
    : html`${registrationForm(t, input)}${registeredNotice(t, androidAppUrl)}`
}
</div>
</section></div>`;
}

function textField(
  t: TFunction,
  name: 'firstName' | 'lastName' | 'email' | 'phone',
  attributes: { type: string; autocomplete: string; maxlength: number },
): Markup {
  const id = `lp-${name}`;
  return html`<div class="lp-field">
<label for="${id}">${t(`auth:register.${name}`)}<span aria-hidden="true"> *</span></label>
<input id="${id}" name="${name}" type="${attributes.type}" autocomplete="${attributes.autocomplete}" maxlength="${attributes.maxlength}" required aria-describedby="${id}-error">
<p class="lp-error" id="${id}-error"></p>
</div>`;
}

function registrationForm(t: TFunction, input: LightPageInput): Markup {
  const { publicId, name } = input.establishment;
  const policyLink = (href: string) => (inner: string) =>
    `<a href="${href}" target="_blank" rel="noopener">${inner}<span class="lp-hidden"> ${html`${t('auth:register.opensInNewTab')}`}</span></a>`;
  const consent = (field: 'terms' | 'marketingConsent', label: Markup) =>
    html`<div class="lp-check-field"><label class="lp-check"><input type="checkbox" name="${field}" id="lp-${field}" aria-describedby="lp-${field}-error"${trusted(field === 'terms' ? ' required' : '')}><span>${label}</span></label><p class="lp-error" id="lp-${field}-error"></p></div>`;
  return html`<form class="lp-form" id="lp-register" novalidate>
<p class="lp-alert lp-error-alert" id="lp-form-error" role="alert" hidden></p>
<div class="lp-pair">
${textField(t, 'firstName', { type: 'text', autocomplete: 'given-name', maxlength: 100 })}
${textField(t, 'lastName', { type: 'text', autocomplete: 'family-name', maxlength: 100 })}
</div>
${textField(t, 'email', { type: 'email', autocomplete: 'email', maxlength: 254 })}
${textField(t, 'phone', { type: 'tel', autocomplete: 'tel', maxlength: 32 })}
${preferencesFieldset(t, input)}
${consent('terms', richText(t('auth:register.terms'), { terms: policyLink('/gdpr/terms'), privacy: policyLink(`/${publicId}/gdpr/privacy`) }))}
${consent('marketingConsent', richText(t('auth:register.marketing'), { marketing: policyLink('/gdpr/marketing') }))}
<p class="lp-hint">${t('auth:register.passwordHint')}</p>
<button class="lp-btn lp-primary lp-block" type="submit">${t('publicPage.register.submit')}</button>
<p class="lp-center lp-links"><a href="/login">${t('publicPage.haveAccount')}</a><a class="lp-muted" href="/${publicId}">${t('publicPage.register.backToPage', { name })}</a></p>
</form>`;
}

function preferencesFieldset(t: TFunction, { preferences, language }: LightPageInput): Markup | '' {
  if (!preferences || preferences.preferences.length === 0) return '';
  const groups = new Map(preferences.groups.map((g) => [g.id, nameInLanguage(g, language)]));
  const sections: { groupId: string; items: Preference[] }[] = [];
  for (const preference of preferences.preferences) {
    const last = sections.at(-1);
    if (last?.groupId === preference.groupId) last.items.push(preference);
    else sections.push({ groupId: preference.groupId, items: [preference] });
  }
  return html`<section class="lp-preferences" aria-labelledby="lp-preferences-title">
<h2 id="lp-preferences-title">${t('targeting.register.title')}</h2>
<p class="lp-hint">${t('targeting.register.hint')}</p>
${sections.map(
  ({ groupId, items }) =>
    html`<fieldset aria-describedby="lp-preferenceIds-error"><legend>${groups.get(groupId) ?? items[0]!.groupName}</legend>${items.map(
      (p) =>
        html`<label class="lp-check lp-inline"><input type="checkbox" name="preferenceIds" value="${p.id}"><span>${nameInLanguage(p, language)}</span></label>`,
    )}</fieldset>`,
)}
<p class="lp-error" id="lp-preferenceIds-error" data-gone="${t('targeting.register.gone')}"></p>
</section>`;
}

function registeredNotice(t: TFunction, androidAppUrl: string): Markup {
  const items = [
    ['mail', 'verify'],
    ['check', 'password'],
    ['bell', 'app'],
  ] as const;
  return html`<div class="lp-registered" id="lp-registered" hidden>
<p class="lp-sub lp-center" id="lp-registered-sent" data-text="${t('publicPage.registered.sent', { email: '{{email}}' })}"></p>
<ul>${items.map(
    ([name, key]) =>
      html`<li><span class="lp-dot">${icon(name)}</span><span>${t(`publicPage.registered.${key}`)}${
        key === 'app' &&
        html` <a href="${androidAppUrl}" target="_blank" rel="noopener noreferrer">${t('publicPage.registered.appLink')}<span class="lp-hidden"> ${t('publicPage.opensInNewTab')}</span></a>`
      }</span></li>`,
  )}</ul>
<p class="lp-hint">${t('publicPage.registered.hint')}</p>
<a class="lp-btn lp-primary lp-block" href="/login">${t('publicPage.registered.signIn')}</a>
</div>`;
}

/**
 * The server's answers to the registration form, translated ahead (English text -> this language):
 * every shared message, "<field> is required" and "too long" for the form's fields, and the error codes.
 */
export function formMessages(t: TFunction): {
  byText: Record<string, string>;
  byCode: Record<string, string>;
} {
  const byText: Record<string, string> = {};
  const add = (message: string) => {
    byText[message] = translateMessage(t, message);
  };
  Object.values(Msg).forEach(add);
  const { firstName, lastName, email, phone } = FieldLabel;
  for (const label of [firstName, lastName, email, phone]) add(`${label} is required`);
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  add(`${capital(FieldLabel.firstName)} must be at most 100 characters`);
  add(`${capital(FieldLabel.lastName)} must be at most 100 characters`);
  add(`${capital(FieldLabel.phone)} must be at most 32 characters`);
  const codes = t('errors', { returnObjects: true }) as Record<string, string>;
  return { byText, byCode: codes };
}
