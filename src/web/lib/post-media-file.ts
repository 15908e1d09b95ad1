import type { TFunction } from 'i18next';
import { Msg } from '../../shared/messages';
import type { MediaKind } from '../../shared/schemas/notification.schema';
import { MAX_IMAGE_BYTES, MAX_PDF_BYTES, MAX_VIDEO_BYTES } from '../../shared/uploads';
import { translateMessage } from './translate-message';

/** What a chosen file is, by the type the browser gives it (the server reads the content again). */
export function postMediaKindOf(file: File): MediaKind {
  if (file.type === 'application/pdf') return 'pdf';
  if (file.type.startsWith('video/')) return 'video';
  return 'picture';
}

const LIMITS: Record<MediaKind, { bytes: number; message: string }> = {
  picture: { bytes: MAX_IMAGE_BYTES, message: Msg.imageTooLarge },
  pdf: { bytes: MAX_PDF_BYTES, message: Msg.pdfTooLarge },
  video: { bytes: MAX_VIDEO_BYTES, message: Msg.videoTooLarge },
};

/**
 * Why this file cannot go with a post, in the user's language, or null: the server's own messages,
 * said before the upload starts. A file with no type (HEIC on older browsers) is left to the server.
 */
export function postMediaFileProblem(t: TFunction, file: File): string | null {
  const typed = file.type !== '';
  const known =
    file.type.startsWith('image/') ||
    file.type === 'application/pdf' ||
    /^video\/(mp4|webm)$/.test(file.type);
  if (typed && !known) return translateMessage(t, Msg.postMediaInvalid);
  const limit = LIMITS[postMediaKindOf(file)];
  if (file.size > limit.bytes) return translateMessage(t, limit.message);
  return null;
}

/** A poster frame is taken this far into the video (the very first frame is often black). */
const POSTER_AT_SECONDS = 0.5;
/** A browser that cannot decode the video in this time leaves the poster to the server. */
const POSTER_DEADLINE_MS = 8000;
/**
 * How long an all-black frame is looked at again before it is taken as the video's own: Chrome
 * may fire `seeked` before the decoded frame reaches what `drawImage` reads (seen on a loaded
 * machine: an all-black poster), and the frame arrives a moment later.
 */
const BLANK_FRAME_PATIENCE_MS = 3000;
const BLANK_FRAME_RETRY_MS = 50;

/** Whether the video's current frame shows anything: a frame not decoded yet draws all black. */
function showsPicture(video: HTMLVideoElement): boolean {
  const probe = document.createElement('canvas');
  probe.width = 16;
  probe.height = 16;
  const context = probe.getContext('2d', { willReadFrequently: true });
  if (!context) return true;
  context.drawImage(video, 0, 0, probe.width, probe.height);
  return context
    .getImageData(0, 0, probe.width, probe.height)
    .data.some((value, i) => i % 4 !== 3 && value > 8);
}

/**
 * The video's frame at half a second as a JPEG, taken in the browser (which decodes what it can
 * play), or null when it cannot: the server then draws a plain poster.
 */
export function videoPosterOf(file: File): Promise<Blob | null> {
  // A browser without these (or a test's DOM) leaves the poster to the server.
  if (typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const canvas = document.createElement('canvas');
    let settled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // Once: the video is let go, and the frame drawn on the canvas (or nothing) is handed on.
    const settle = (withFrame: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(retry);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      if (withFrame) canvas.toBlob((blob) => resolve(blob), 'image/jpeg', 0.85);
      else resolve(null);
    };
    const deadline = setTimeout(() => settle(false), POSTER_DEADLINE_MS);
    let blankSince: number | undefined;
    const draw = () => {
      if (settled) return;
      blankSince ??= Date.now();
      if (!showsPicture(video) && Date.now() - blankSince < BLANK_FRAME_PATIENCE_MS) {
        retry = setTimeout(draw, BLANK_FRAME_RETRY_MS);
        return;
      }
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0) return settle(false);
      context.drawImage(video, 0, 0);
      settle(true);
    };
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.onerror = () => settle(false);
    video.onloadedmetadata = () => {
      video.currentTime = Math.min(POSTER_AT_SECONDS, (video.duration || 0) / 2);
    };
    video.onseeked = draw;
    video.src = url;
  });
}
