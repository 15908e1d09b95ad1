import { VISIT_SOURCE_PARAM } from '../../shared/schemas/report-sources';
import { copyText } from '../lib/copy-text';
import type { LightPageData } from './light-page-data';

let hideTimer: number | undefined;

/** A short message at the bottom of the screen, read out by screen readers (role=status). */
export function toast(text: string): void {
  const box = document.getElementById('lp-toast');
  if (!box) return;
  box.textContent = text;
  box.classList.add('lp-show');
  window.clearTimeout(hideTimer);
  hideTimer = window.setTimeout(() => box.classList.remove('lp-show'), 4000);
}

/** Share: the phone's share sheet where there is one, else the link copied ("Link copied!"). */
export function watchShareButton({ publicId, texts }: LightPageData): void {
  document.getElementById('lp-share')?.addEventListener('click', async () => {
    const url = `${location.origin}/${publicId}?${VISIT_SOURCE_PARAM}=share`;
    const title = document.querySelector('h1')?.textContent ?? '';
    if (navigator.share) {
      try {
        await navigator.share({ url, title, text: texts.shareText });
        return;
      } catch (error) {
        // Closing the share sheet is an answer, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    toast((await copyText(url)) ? texts.linkCopied : texts.copyFailed.replace('{{url}}', url));
  });
}
