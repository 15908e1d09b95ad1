import { open } from 'node:fs/promises';
import mediaInfoFactory from 'mediainfo.js';

/** A video a post may carry: its container, length and frame size, read from the file itself. */
export interface VideoFacts {
  fileType: 'mp4' | 'webm';
  durationSeconds: number;
  width: number;
  height: number;
}

/** Is this file's start an MP4's ("ftyp" box) or a WebM's (EBML header)? Content, not name. */
export function looksLikeVideo(head: Buffer): boolean {
  const mp4 = head.subarray(4, 8).toString('latin1') === 'ftyp';
  const ebml = head.readUInt32BE(0) === 0x1a45dfa3;
  return mp4 || ebml;
}

const CONTAINERS: Record<string, VideoFacts['fileType']> = { 'MPEG-4': 'mp4', WebM: 'webm' };

/**
 * Read a video's container, length and frame size with MediaInfo (WebAssembly, reads only the
 * parts of the file it needs). Null when the file is not an MP4 or WebM with a video track and a
 * length: a renamed file, an audio file, a broken upload.
 */
export async function probeVideo(file: string, size: number): Promise<VideoFacts | null> {
  const mediaInfo = await mediaInfoFactory({ format: 'object' });
  const handle = await open(file);
  try {
    const result = await mediaInfo.analyzeData(size, async (length, offset) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    });
    const tracks = result.media?.track ?? [];
    const general = tracks.find((track) => track['@type'] === 'General');
    const video = tracks.find((track) => track['@type'] === 'Video');
    const fileType = CONTAINERS[String(general?.Format)];
    const durationSeconds = Number(general?.Duration ?? video?.Duration);
    const width = Number(video?.Width);
    const height = Number(video?.Height);
    if (!fileType || !video || !(durationSeconds > 0) || !(width > 0) || !(height > 0)) return null;
    // A phone's portrait clip is stored landscape with a rotation: the frame shows it turned.
    const turned = Math.abs(Number(video.Rotation ?? 0)) % 180 === 90;
    return {
      fileType,
      durationSeconds,
      width: turned ? height : width,
      height: turned ? width : height,
    };
  } catch {
    return null;
  } finally {
    await handle.close();
    mediaInfo.close();
  }
}
