import sharp from 'sharp';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { MAX_VIDEO_SECONDS } from '../../../shared/uploads';
import { AppError } from '../app-error';
import { saveFileBeside, saveJpeg, toJpeg, withImageSlot } from '../images';
import type { PostMediaUpload } from '../uploads';
import { pdfFirstPage } from './pdf-first-page';
import { probeVideo } from './video-probe';

/** A post's picture is at most this many pixels a side (a PDF's first page, a video's poster too). */
const PICTURE_SIZE = { width: 1600, height: 1600, fit: 'inside' as const };
/** A PDF's first page is drawn this wide before it becomes the picture. */
const PDF_PAGE_WIDTH = 1200;
/** A video's length is read from its container, which may round up: this much over the limit passes. */
const DURATION_SLACK_SECONDS = 0.5;

/** What was stored for a post's upload: the picture (name = id) and, for a PDF or a video, the file. */
export interface StoredPostMedia {
  id: string;
  kind: PostMediaUpload['kind'];
  width: number;
  height: number;
  fileType: 'pdf' | 'mp4' | 'webm' | null;
  fileBytes: number | null;
  durationSeconds: number | null;
}

const refused = (field: string, message: string, status = 415) =>
  new AppError(status, status === 415 ? ErrorCode.UNSUPPORTED_MEDIA : ErrorCode.VALIDATION, message, {
    [field]: message,
  });

/**
 * Check and store a post's upload by what its content is: a picture as a JPEG; a PDF as the file
 * and its first page as the picture; a video as the file and its poster frame (the one the browser
 * took, else a plain frame with a play sign) as the picture. What cannot be read is refused on the
 * field it came in, before anything is stored.
 */
export async function storePostMedia(dataDir: string, upload: PostMediaUpload): Promise<StoredPostMedia> {
  if (upload.kind === 'pdf') return storePdf(dataDir, upload);
  if (upload.kind === 'video') return storeVideo(dataDir, upload);
  const jpeg = await pictureOf(upload.file, 'file', Msg.postMediaInvalid);
  return {
    ...(await saveWithSize(dataDir, jpeg)),
    kind: 'picture',
    fileType: null,
    fileBytes: null,
    durationSeconds: null,
  };
}

async function storePdf(dataDir: string, upload: PostMediaUpload): Promise<StoredPostMedia> {
  const page = await withImageSlot(() => pdfFirstPage(upload.file, PDF_PAGE_WIDTH));
  if (!page) throw refused('file', Msg.pdfInvalid);
  const picture = await saveWithSize(dataDir, await toJpeg(page, PICTURE_SIZE));
  await saveFileBeside(dataDir, 'post', picture.id, 'pdf', upload.file);
  return { ...picture, kind: 'pdf', fileType: 'pdf', fileBytes: upload.bytes, durationSeconds: null };
}

async function storeVideo(dataDir: string, upload: PostMediaUpload): Promise<StoredPostMedia> {
  const video = await probeVideo(upload.file, upload.bytes);
  if (!video) throw refused('file', Msg.videoInvalid);
  if (video.durationSeconds > MAX_VIDEO_SECONDS + DURATION_SLACK_SECONDS) {
    throw refused('file', Msg.videoTooLong, 400);
  }
  const poster = upload.poster
    ? await pictureOf(upload.poster, 'poster', Msg.imageInvalid)
    : await toJpeg(await plainPoster(video.width, video.height), PICTURE_SIZE);
  const picture = await saveWithSize(dataDir, poster);
  await saveFileBeside(dataDir, 'post', picture.id, video.fileType, upload.file);
  return {
    ...picture,
    kind: 'video',
    fileType: video.fileType,
    fileBytes: upload.bytes,
    durationSeconds: Math.round(video.durationSeconds * 10) / 10,
  };
}

/** A picture upload as a JPEG; a file no decoder reads is refused on `field` with `message`. */
async function pictureOf(file: string, field: string, message: string): Promise<Buffer> {
  try {
    return await toJpeg(file, PICTURE_SIZE);
  } catch (error) {
    if (error instanceof AppError && error.status === 415) throw refused(field, message);
    throw error;
  }
}

async function saveWithSize(dataDir: string, jpeg: Buffer) {
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  const id = await saveJpeg(dataDir, 'post', jpeg);
  return { id, width, height };
}

/** A video's stand-in poster when the client sent none (an API upload): dark, its shape, a play sign. */
function plainPoster(width: number, height: number): Promise<Buffer> {
  const scale = Math.min(1, 1280 / Math.max(width, height));
  const w = Math.max(16, Math.round(width * scale));
  const h = Math.max(16, Math.round(height * scale));
  const r = Math.round(Math.min(w, h) / 6);
  const cx = w / 2;
  const cy = h / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <rect width="100%" height="100%" fill="#202124"/>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="0.9"/>
  <path d="M ${cx - r * 0.3} ${cy - r * 0.45} L ${cx + r * 0.5} ${cy} L ${cx - r * 0.3} ${cy + r * 0.45} Z" fill="#202124"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
