/** Where an establishment's pictures are served; none when unset. */
export const logoUrl = (logo: string | null) => (logo ? `/image/logo/${logo}.jpeg` : undefined);

/** The cover picture's address (stored at most 1600 x 600). */
export const coverUrl = (cover: string | null) => (cover ? `/image/cover/${cover}.jpeg` : undefined);

/** A gallery picture's address. */
export const galleryImageUrl = (image: string) => `/image/gallery/${image}.jpeg`;

/** The cover's stored size, so the page reserves its space before it arrives. */
export const COVER_SIZE = { width: 1600, height: 600 } as const;

/** Up to two initials of a business name, for a missing logo. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase())
    .join('');
