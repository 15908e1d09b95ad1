/** The largest picture anyone may upload: the server refuses more, the web app says so before sending. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * The most pixels (width x height) a picture may have: 40 megapixels, e.g. 8000 x 5000. Every
 * camera's ordinary output (12-24 megapixel phones and DSLRs, even a 36 MP full-frame) fits, and we
 * keep at most 1600 px a side. Decoding costs CPU and memory by pixel count, not by file size: a
 * small PNG of 7000 x 7000 16-bit pixels (49 MP) takes seconds of CPU (bench:stall), which this
 * refuses before decoding.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The most pictures an establishment's gallery holds: the server refuses more, the web app shows the count against it. */
export const GALLERY_LIMIT = 30;

/** The largest PDF (a menu, a price list) a post may carry. Its first page becomes the post's picture. */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;

/**
 * The largest and longest video a post may carry: 25 MB and 60 seconds, a phone's short clip at
 * its usual bitrate (about 3 Mbit/s for 1080p H.264). Longer films belong on a video platform,
 * linked from the post.
 */
export const MAX_VIDEO_BYTES = 25 * 1024 * 1024;
export const MAX_VIDEO_SECONDS = 60;

/** What a post's file picker offers: pictures, a PDF, an MP4 or WebM video. */
export const POST_MEDIA_ACCEPT = 'image/*,application/pdf,video/mp4,video/webm';
