import { readFileSync } from 'node:fs';
import type { TFunction } from 'i18next';
import { LANGUAGE_NAME, LANGUAGES, type Language, LOCALE_OF } from '../../../../shared/i18n/languages';
import { translateMessage } from '../../../../shared/i18n/translate-message';
import { Msg } from '../../../../shared/messages';
import type { PublicEstablishment } from '../../../../shared/schemas/establishment.schema';
import { sizedImageUrl, sizedSrcSet } from '../../../lib/image-variants';
import { html, type Markup, trusted } from './html';
import { cover, type IconName, icon, type LightPageInput, logo } from './light-parts';
import { formMessages, registerMain } from './light-register';
import { richText, translator } from './page-language';

const STYLES = readFileSync(new URL('./light-page.css', import.meta.url), 'utf8');

/** "https://www.example.com/" -> "www.example.com", to read well on a phone. */
const displayUrl = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const mapHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** JSON for a `<script type="application/json">`: `<` escaped so no text can close the element. */
const jsonScript = (value: unknown) => trusted(JSON.stringify(value).replace(/</g, '\\u003c'));

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
    ...(page === 'profile' && establishment.status === 'active'
      ? { guest: guestFollowTexts(t, establishment.name) }
      : {}),
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
<a class="lp-skip" href="#lp-main">${t('layout.skipToContent')}</a>
${topBar(t, language)}
<main id="lp-main" tabindex="-1">${main}</main>
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
    : guestFollowButton(t, publicId)
}
<button class="lp-btn" type="button" id="lp-share">${icon('share')}${t('publicPage.share')}</button>
</div>
${
  !inactive &&
  html`<p id="lp-guest-status" role="status" hidden></p>
<p class="lp-center lp-links"><a href="/${publicId}/register">${t('guestFollow.withEmail')}</a><a href="/login">${t('publicPage.haveAccount')}</a></p>`
}
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

/**
 * "Get notifications" (one tap, no account: src/web/light/guest-follow.ts) in the page as served, so
 * nothing moves when the script starts. Without a script it is a form that opens the register page.
 */
function guestFollowButton(t: TFunction, publicId: string): Markup {
  return html`<form class="lp-follow" method="get" action="/${publicId}/register"><button class="lp-btn lp-primary lp-grow" type="submit" id="lp-guest-follow">${icon('bell')}${t('guestFollow.button')}</button></form>`;
}

/** What the script says while following as a guest, in the page's language only (LightPageData.guest). */
function guestFollowTexts(t: TFunction, name: string) {
  const keys = [
    'asking',
    'blocked',
    'dismissed',
    'unsupported',
    'ios',
    'failed',
    'deviceHasAccount',
    'limited',
    'signIn',
  ];
  return {
    ...Object.fromEntries(keys.map((key) => [key, t(`guestFollow.${key}`)])),
    on: t('guestFollow.on', { name }),
  };
}

function contactCard(t: TFunction, e: PublicEstablishment): Markup {
  const cityLine = [e.zip, e.city].filter(Boolean).join(' ');
  const addressLines = [e.address1, e.address2, cityLine, e.country].filter(Boolean);
  const newTab = html`<span class="lp-hidden"> ${t('publicPage.opensInNewTab')}</span>`;
  const row = (name: IconName, label: string, value: Markup) =>
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

export type { LightPageInput } from './light-parts';
