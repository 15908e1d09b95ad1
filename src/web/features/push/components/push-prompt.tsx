import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isIosBrowserTab } from '../../../lib/ios-browser-tab';
import { PUSH_PROMPT_DISMISSED_KEY } from '../../../lib/storage-keys';
import { PushStateText } from './push-state-text';
import { usePushToggle } from './use-push-toggle';

/**
 * The offer to turn notifications on, in the feed, on a followed business's page
 * and straight after registering: one sentence on what they bring (what this business sends, when
 * there is one) and a button, the only place that makes the browser ask. Blocked: how to allow them again. On an
 * iPhone in Safari: how to add the app to the Home Screen. Gone once on, or after "Not now".
 */
export function PushPrompt({ establishmentName }: { establishmentName?: string } = {}) {
  const { t } = useTranslation();
  const { state, pending, turnOn } = usePushToggle();
  const titleId = useId();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY) === '1');
  const iosTab = state === 'unsupported' && isIosBrowserTab();
  if (dismissed || state === 'unknown' || state === 'on' || (state === 'unsupported' && !iosTab)) return null;

  const dismiss = () => {
    localStorage.setItem(PUSH_PROMPT_DISMISSED_KEY, '1');
    setDismissed(true);
  };

  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ borderColor: 'primary.main' }}
    >
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <NotificationsActiveOutlinedIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
          <Stack spacing={1.5} sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('push.prompt.title')}
            </Typography>
            {state === 'off' ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {establishmentName
                  ? t('push.prompt.textFor', { name: establishmentName })
                  : t('push.prompt.text')}
              </Typography>
            ) : (
              <PushStateText state={state} />
            )}
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {state === 'off' && (
                <Button variant="contained" disabled={pending} onClick={() => void turnOn()}>
                  {t('push.turnOn')}
                </Button>
              )}
              <Button onClick={dismiss}>{t('push.prompt.later')}</Button>
            </Stack>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
