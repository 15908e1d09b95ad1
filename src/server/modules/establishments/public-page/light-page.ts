import { readFileSync } from 'node:fs';
import type { TFunction } from 'i18next';
import { LANGUAGE_NAME, LANGUAGES, type Language, LOCALE_OF } from '../../../../shared/i18n/languages';
import { translateMessage } from '../../../../shared/i18n/translate-message';
import { FieldLabel, Msg } from '../../../../shared/messages';
import type { PublicEstablishment } from '../../../../shared/schemas/establishment.schema';
import {
  nameInLanguage,
  type Preference,
  type PreferenceGroup,
} from '../../../../shared/schemas/preference.schema';
import { sizedImageUrl, sizedSrcSet } from '../../../lib/image-variants';
import { html, type Markup, trusted } from './html';
import type { LightAssets } from './light-assets';
import { richText, translator } from './page-language';

const STYLES = readFileSync(new URL('./light-page.css', import.meta.url), 'utf8');

/** Material icons' paths (24 x 24), drawn inline: no icon font, no request. */
const ICON = {
  bell: 'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z',
  share:
    'M18 16.08c-.76 0-1.44.3-1.96.77L8.91 12.7c.05-.23.09-.46.09-.7s-.04-.47-.09-.7l7.05-4.11c.54.5 1.25.81 2.04.81 1.66 0 3-1.34 3-3s-1.34-3-3-3-3 1.34-3 3c0 .24.04.47.09.7L8.04 9.81C7.5 9.31 6.79 9 6 9c-1.66 0-3 1.34-3 3s1.34 3 3 3c.79 0 1.5-.31 2.04-.81l7.12 4.16c-.05.21-.08.43-.08.65 0 1.61 1.31 2.92 2.92 2.92s2.92-1.31 2.92-2.92-1.31-2.92-2.92-2.92z',
  place:
    'M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7zm0 9.5c-1.38 0-2.5-1.12-2.5-2.5s1.12-2.5 2.5-2.5 2.5 1.12 2.5 2.5-1.12 2.5-2.5 2.5z',
  phone:
    'M6.62 10.79c1.44 2.83 3.76 5.14 6.59 6.59l2.2-2.2c.27-.27.67-.36 1.02-.24 1.12.37 2.33.57 3.57.57.55 0 1 .45 1 1V20c0 .55-.45 1-1 1-9.39 0-17-7.61-17-17 0-.55.45-1 1-1h3.5c.55 0 1 .45 1 1 0 1.25.2 2.45.57 3.57.11.35.03.74-.25 1.02l-2.2 2.2z',
  mail: 'M20 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2zm0 4-8 5-8-5V6l8 5 8-5v2z',
  web: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-1 17.93c-3.95-.49-7-3.85-7-7.93 0-.62.08-1.21.21-1.79L9 15v1c0 1.1.9 2 2 2v1.93zm6.9-2.54c-.26-.81-1-1.39-1.9-1.39h-1v-3c0-.55-.45-1-1-1H8v-2h2c.55 0 1-.45 1-1V7h2c1.1 0 2-.9 2-2v-.41c2.93 1.19 5 4.06 5 7.41 0 2.08-.8 3.97-2.1 5.39z',
  people:
    'M16 11c1.66 0 2.99-1.34 2.99-3S17.66 5 16 5c-1.66 0-3 1.34-3 3s1.34 3 3 3zm-8 0c1.66 0 2.99-1.34 2.99-3S9.66 5 8 5C6.34 5 5 6.34 5 8s1.34 3 3 3zm0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5c0-2.33-4.67-3.5-7-3.5zm8 0c-.29 0-.62.02-.97.05 1.16.84 1.97 1.97 1.97 3.45V19h6v-2.5c0-2.33-4.67-3.5-7-3.5z',
  check: 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z',
} as const;

const icon = (name: keyof typeof ICON) =>
  html`<svg class="lp-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${ICON[name]}"/></svg>`;

/** "https://www.example.com/" -> "www.example.com", to read well on a phone. */
const displayUrl = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const mapHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toLocaleUpperCase())
    .join('');

/** JSON for a `<script type="application/json">`: `<` escaped so no text can close the element. */
const jsonScript = (value: unknown) => trusted(JSON.stringify(value).replace(/</g, '\\u003c'));

export interface LightPageInput {
  page: 'profile' | 'register';
  establishment: PublicEstablishment;
  language: Language;
  /** The consent cookie was sent, with either choice: no banner. */
  consented: boolean;
  assets: LightAssets;
  /** The title, description and link-preview tags (public-page-meta.ts). */
  headTags: string;
  androidAppUrl: string;
  /** The register page's optional preferences. */
  preferences?: { preferences: Preference[]; groups: PreferenceGroup[] };
}

/**
 * A business's public page or register-and-follow page as complete HTML in the visitor's language:
 * readable and followable before any script runs, with one small script
 * (src/web/light/) for sharing, the language picker, the cookie banner and the registration form.
 * A visitor signed in on this device gets the full web app, which that script loads into #root.
 */
export function renderLightPage(input: LightPageInput): string {
  const t = translator(input.language);
  const { establishment, language, assets, page } = input;
  const data = {
    page,
    id: establishment.id,
    publicId: establishment.publicId,
    language,
    app: assets.app,
    texts: {
      linkCopied: translateMessage(t, Msg.linkCopied),
      copyFailed: t('publicPage.copyFailed', { url: '{{url}}' }),
      shareText:
        establishment.subheader ||
        t('publicPage.shareText', { name: establishment.name, appName: t('appName') }),
    },
    ...(page === 'register' ? { messages: formMessages(t) } : {}),
  };
  const main = page === 'profile' ? profileMain(t, input) : registerMain(t, input);
  return `<!doctype html>${html`<html lang="${LOCALE_OF[language]}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#5048e5">
${trusted(input.headTags)}
<link rel="icon" href="/icons/icon.svg" type="image/svg+xml">
<link rel="manifest" href="/api/app-manifest?business=${establishment.publicId}">
<link rel="apple-touch-icon" href="/icons/icon-192.png">
${establishment.cover && page === 'profile' ? html`<link rel="preload" as="image" type="image/webp" imagesrcset="${sizedSrcSet('cover', establishment.cover)}" imagesizes="(min-width: 1200px) 1200px, 100vw" fetchpriority="high">` : ''}
<style>${trusted(STYLES)}</style>
<script type="module" src="${assets.script}"></script>
${assets.preloads.map((href) => html`<link rel="modulepreload" href="${href}">`)}
</head>
<body>
<div id="root" class="lp">
${topBar(t, language)}
<main id="lp-main">${main}</main>
${footer(t)}
${input.consented ? '' : cookieBanner(t)}
<div class="lp-toast" id="lp-toast" role="status" aria-live="polite"></div>
</div>
<script type="application/json" id="lp-data">${jsonScript(data)}</script>
</body>
</html>`}`;
}

function topBar(t: TFunction, language: Language): Markup {
  return html`<header class="lp-bar"><div class="lp-bar-in">
<a class="lp-brand" href="/home">${t('appName')}</a>
<form class="lp-lang" method="get" action="">
<label class="lp-hidden" for="lp-lang">${t('languages.label')}</label>
<select id="lp-lang" name="lang" title="${t('languages.select')}">${LANGUAGES.map(
    (code) =>
      html`<option value="${code}" lang="${LOCALE_OF[code]}"${trusted(code === language ? ' selected' : '')}>${LANGUAGE_NAME[code]}</option>`,
  )}</select>
<noscript><button class="lp-btn lp-small" type="submit">${t('languages.select')}</button></noscript>
</form>
<a class="lp-btn lp-primary lp-small" href="/login">${t('layout.signIn')}</a>
</div></header>`;
}

function footer(t: TFunction): Markup {
  const links = [
    ['/gdpr/terms', 'layout.footer.terms'],
    ['/gdpr/privacy', 'layout.footer.privacy'],
    ['/gdpr/marketing', 'layout.footer.marketing'],
  ] as const;
  return html`<footer class="lp-footer"><div class="lp-wrap lp-footer-in">
<p>${t('layout.footer.copyright', { name: t('appName') })}</p>
<nav aria-label="${t('layout.footer.legal')}">${links.map(([href, key]) => html`<a href="${href}">${t(key)}</a>`)}</nav>
</div></footer>`;
}

function cookieBanner(t: TFunction): Markup {
  // The spacer ends the page as tall as the banner, so nothing at its bottom stays behind it.
  return html`<div class="lp-consent-space" id="lp-consent-space"></div><section class="lp-consent" id="lp-consent" aria-label="${t('consent.label')}">
<p>${richText(t('consent.text'), { privacy: (inner) => `<a href="/gdpr/privacy">${inner}</a>` })}</p>
<div class="lp-consent-actions">
<button class="lp-btn lp-small" type="button" id="lp-consent-necessary">${t('consent.necessary')}</button>
<button class="lp-btn lp-primary lp-small" type="button" id="lp-consent-accept">${t('consent.accept')}</button>
</div>
</section>`;
}

function cover(t: TFunction, { name, cover }: PublicEstablishment, strip = false): Markup {
  return html`<div class="lp-cover${strip ? ' lp-strip' : ''}">${
    cover &&
    html`<img src="/image/cover/${cover}.jpeg" srcset="${sizedSrcSet('cover', cover)}" sizes="(min-width: 1200px) 1200px, 100vw" width="1600" height="600" alt="${t('publicPage.coverAlt', { name })}" fetchpriority="high" decoding="async">`
  }</div>`;
}

function logo(t: TFunction, { name, logo }: PublicEstablishment, className: string): Markup {
  return logo
    ? html`<img class="lp-logo ${className}" src="${sizedImageUrl('logo', logo, 256)}" srcset="${sizedSrcSet('logo', logo)}" sizes="148px" width="256" height="256" alt="${t('publicPage.logoAlt', { name })}">`
    : html`<div class="lp-logo lp-initials ${className}" role="img" aria-label="${t('publicPage.logoAlt', { name })}">${initialsOf(name)}</div>`;
}

function profileMain(t: TFunction, { establishment, language }: LightPageInput): Markup {
  const { name, subheader, publicId, status, gallery, followerCount } = establishment;
  const number = new Intl.NumberFormat(LOCALE_OF[language]).format(followerCount);
  const inactive = status === 'inactive';
  return html`<article class="lp-profile">
${cover(t, establishment)}
<div class="lp-wrap">
<div class="lp-head">
${logo(t, establishment, 'lp-logo-page')}
<div class="lp-title">
<h1>${name}</h1>
${subheader && html`<p class="lp-sub">${subheader}</p>`}
<p class="lp-count">${icon('people')}<span>${richText(t('publicPage.followers', { number }), { strong: (inner) => `<strong>${inner}</strong>` })}</span></p>
</div>
<div class="lp-actions">
<div class="lp-row">
${
  inactive
    ? html`<button class="lp-btn lp-primary lp-grow" type="button" disabled>${icon('bell')}${t('publicPage.follow')}</button>`
    : html`<a class="lp-btn lp-primary lp-grow" href="/${publicId}/register">${icon('bell')}${t('publicPage.follow')}</a>`
}
<button class="lp-btn" type="button" id="lp-share">${icon('share')}${t('publicPage.share')}</button>
</div>
${!inactive && html`<p class="lp-center"><a href="/login">${t('publicPage.haveAccount')}</a></p>`}
</div>
</div>
${inactive && html`<p class="lp-alert" role="status">${translateMessage(t, Msg.establishmentInactive)}</p>`}
<div class="lp-body${gallery.length > 0 ? ' lp-has-gallery' : ''}">
${contactCard(t, establishment)}
${gallery.length > 0 && galleryGrid(t, establishment)}
</div>
</div>
</article>`;
}

function contactCard(t: TFunction, e: PublicEstablishment): Markup {
  const cityLine = [e.zip, e.city].filter(Boolean).join(' ');
  const addressLines = [e.address1, e.address2, cityLine, e.country].filter(Boolean);
  const newTab = html`<span class="lp-hidden"> ${t('publicPage.opensInNewTab')}</span>`;
  const row = (name: keyof typeof ICON, label: string, value: Markup) =>
    html`<li>${icon(name)}<div><span class="lp-label">${label}</span>${value}</div></li>`;
  return html`<section class="lp-card lp-contact" aria-labelledby="lp-contact-title">
<h2 id="lp-contact-title">${t('publicPage.contact.title')}</h2>
<ul>
${
  addressLines.length > 0 &&
  row(
    'place',
    t('publicPage.contact.address'),
    html`<address>${addressLines.map((line) => html`<span>${line}</span>`)}</address><a class="lp-map" href="${mapHref(addressLines.join(', '))}" target="_blank" rel="noopener noreferrer">${t('publicPage.contact.map')}${newTab}</a>`,
  )
}
${e.phone && row('phone', t('publicPage.contact.phone'), html`<a href="${telHref(e.phone)}" dir="ltr">${e.phone}</a>`)}
${e.email && row('mail', t('publicPage.contact.email'), html`<a class="lp-break" href="mailto:${e.email}">${e.email}</a>`)}
${e.website && row('web', t('publicPage.contact.website'), html`<a class="lp-break" href="${e.website}" target="_blank" rel="noopener noreferrer">${displayUrl(e.website)}${newTab}</a>`)}
</ul>
</section>`;
}

function galleryGrid(t: TFunction, { gallery, name }: PublicEstablishment): Markup {
  return html`<section class="lp-gallery" aria-labelledby="lp-gallery-title">
<h2 id="lp-gallery-title">${t('publicPage.gallery.title')}</h2>
<ul>${gallery.map((image, i) => {
    const alt = image.caption || t('publicPage.gallery.photoAlt', { index: i + 1, name });
    return html`<li><a href="/image/gallery/${image.image}.jpeg" aria-label="${t('publicPage.gallery.open', { caption: alt })}"><img src="${sizedImageUrl('gallery', image.image, 480)}" srcset="${sizedSrcSet('gallery', image.image)}" sizes="(min-width: 900px) 260px, calc(50vw - 20px)" width="${image.width}" height="${image.height}" alt="${alt}" loading="lazy" decoding="async"></a></li>`;
  })}</ul>
</section>`;
}

function registerMain(t: TFunction, input: LightPageInput): Markup {
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
function formMessages(t: TFunction): { byText: Record<string, string>; byCode: Record<string, string> } {
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
