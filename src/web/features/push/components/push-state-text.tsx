import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isIosBrowserTab } from '../../../lib/ios-browser-tab';
import type { PushState } from '../../../lib/push-subscription';

/** What this device's state means for the person, and how to change it where a button cannot. */
export function PushStateText({ state }: { state: PushState }) {
  const { t } = useTranslation();
  // On an iPhone in Safari, notifications are "not supported" until the app is on the Home Screen.
  const text = state === 'unsupported' && isIosBrowserTab() ? t('push.ios') : t(`push.text.${state}`);
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {text}
    </Typography>
  );
}
