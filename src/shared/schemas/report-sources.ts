/**
 * Where a visit to a public establishment page came from: the share page's QR code, its printable
 * poster, a shared link, or none of these (typed in, a search, a bookmark). The share page puts it
 * in the public page address (?src=qr); the page view and the follow it leads to carry it.
 */
export const VISIT_SOURCES = ['qr', 'poster', 'share', 'direct'] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number];

/** The query parameter of a public page address that names the visit's source. */
export const VISIT_SOURCE_PARAM = 'src';

/**
 * Campaign links (a printed code made elsewhere, a newsletter) name it as utm_source: read the same
 * way, after ?src= (which wins when both name a source).
 */
export const UTM_SOURCE_PARAM = 'utm_source';
