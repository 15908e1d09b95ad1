import { logoUrl as pushLogoUrl, mediaUrl as pushMediaUrl } from '../../shared/push/payload';

/**
 * Where the server serves uploaded pictures (spec section 3: /image/{folder}/{name}.jpeg). Every
 * picture address in the web app comes from here; logo and post addresses are the push payload's,
 * so a notification and the page show the same file.
 */

/** An establishment's logo, or undefined when it has none. */
export const logoUrl = (logo: string | null | undefined) => pushLogoUrl(logo ?? null) ?? undefined;

/** A user's picture: avatars are stored beside the logos (/image/logo/{avatar}.jpeg). */
export const avatarUrl = (avatar: string | null | undefined) => logoUrl(avatar);

/** An establishment's cover picture (stored at most 1600 x 600), or undefined when it has none. */
export const coverUrl = (cover: string | null | undefined) =>
  cover ? `/image/cover/${cover}.jpeg` : undefined;

/** A gallery picture. */
export const galleryImageUrl = (image: string) => `/image/gallery/${image}.jpeg`;

/** A post's picture, or undefined when the post has none. */
export const postMediaUrl = (media: string | null | undefined) => pushMediaUrl(media ?? null) ?? undefined;

/** The cover's stored size, so a page reserves its space before it arrives. */
export const COVER_SIZE = { width: 1600, height: 600 } as const;
