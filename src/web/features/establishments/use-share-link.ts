import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../shared/messages';
import { copyText } from '../../lib/copy-text';
import { translateMessage } from '../../lib/translate-message';

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
      if (await copyText(url)) enqueueSnackbar(translateMessage(t, Msg.linkCopied), { variant: 'success' });
      else enqueueSnackbar(t('publicPage.copyFailed', { url }), { variant: 'error' });
    },
    [t, enqueueSnackbar],
  );
}
