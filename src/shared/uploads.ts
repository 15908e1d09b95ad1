/** The largest picture anyone may upload: the server refuses more, the web app says so before sending. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * The most pixels (width x height) a picture may have: 40 megapixels, e.g. 8000 x 5000. Every
 * camera's ordinary output (12-24 megapixel phones and DSLRs, even a 36 MP full-frame) fits, and we
 * keep at most 1600 px a side. Decoding costs CPU and memory by pixel count, not by file size: a
 * 0.4 MB PNG of 7000 x 7000 16-bit pixels (49 MP) took 2.2 s of CPU, which this refuses before
 * decoding.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The most pictures an establishment's gallery holds: the server refuses more, the web app shows the count against it. */
export const GALLERY_LIMIT = 30;
