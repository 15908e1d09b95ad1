/** The largest picture anyone may upload: the server refuses more, the web app says so before sending. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
