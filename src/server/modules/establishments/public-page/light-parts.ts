import type { TFunction } from 'i18next';
import type { Language } from '../../../../shared/i18n/languages';
import type { PublicEstablishment } from '../../../../shared/schemas/establishment.schema';
import type { Preference, PreferenceGroup } from '../../../../shared/schemas/preference.schema';
import { sizedImageUrl, sizedSrcSet } from '../../../lib/image-variants';
import { html, type Markup } from './html';
import type { LightAssets } from './light-assets';

/** What both light pages are made of: their input, the inline icons, the cover and the logo. */

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

export type IconName = keyof typeof ICON;

export const icon = (name: IconName) =>
  html`<svg class="lp-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${ICON[name]}"/></svg>`;

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toLocaleUpperCase())
    .join('');

export function cover(t: TFunction, { name, cover }: PublicEstablishment, strip = false): Markup {
  return html`<div class="lp-cover${strip ? ' lp-strip' : ''}">${
    cover &&
    html`<img src="/image/cover/${cover}.jpeg" srcset="${sizedSrcSet('cover', cover)}" sizes="(min-width: 1200px) 1200px, 100vw" width="1600" height="600" alt="${t('publicPage.coverAlt', { name })}" fetchpriority="high" decoding="async">`
  }</div>`;
}

export function logo(t: TFunction, { name, logo }: PublicEstablishment, className: string): Markup {
  return logo
    ? html`<img class="lp-logo ${className}" src="${sizedImageUrl('logo', logo, 256)}" srcset="${sizedSrcSet('logo', logo)}" sizes="148px" width="256" height="256" alt="${t('publicPage.logoAlt', { name })}">`
    : html`<div class="lp-logo lp-initials ${className}" role="img" aria-label="${t('publicPage.logoAlt', { name })}">${initialsOf(name)}</div>`;
}
