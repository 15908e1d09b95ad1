import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import { translateMessage } from '../../../lib/translate-message';

/** Copy text where the async clipboard is missing (plain http on a phone): a hidden textarea and copy. */
function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Share a link: the phone's share sheet when there is one, else copy it and say "Link copied!"
 * (spec section 8).
 */
export function useShareLink() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async ({ url, title, text }: { url: string; title: string; text: string }) => {
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ url, title, text });
          return;
        } catch (error) {
          // The person closed the share sheet: nothing to say.
          if ((error as Error).name === 'AbortError') return;
        }
      }
      let copied = false;
      try {
        await navigator.clipboard.writeText(url);
        copied = true;
      } catch {
        copied = legacyCopy(url);
      }
      if (copied) enqueueSnackbar(translateMessage(t, Msg.linkCopied), { variant: 'success' });
      else enqueueSnackbar(t('publicPage.copyFailed', { url }), { variant: 'error' });
    },
    [t, enqueueSnackbar],
  );
}
