import LinkIcon from '@mui/icons-material/Link';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import { Button, Link, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ButtonKind, buttonKindOf } from '../../../../shared/schemas/button-target';
import type { NotificationAction } from '../../../../shared/schemas/rich-notification';

/** A link's host, as a reader checks where it leads ("book.example.com"). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Links of the web, opened apart from the app and told nothing of it. */
const OUTSIDE = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** A call or an email opens the phone's dialer or mail app where it is: a new tab would stay blank. */
const BUTTON_OPENS: Record<ButtonKind, { icon: ReactNode; props: object }> = {
  link: { icon: <OpenInNewIcon fontSize="small" />, props: OUTSIDE },
  phone: { icon: <PhoneOutlinedIcon fontSize="small" />, props: {} },
  email: { icon: <MailOutlineIcon fontSize="small" />, props: {} },
};

/**
 * A post's link and buttons in the feed: the buttons a phone shows under the
 * notification, as buttons here on every browser (a web page in a new tab, a call or an email in
 * the phone's own app), and the link its tap opens.
 */
export function PostLinks({ link, actions }: { link: string | null; actions: NotificationAction[] }) {
  const { t } = useTranslation();
  if (!link && actions.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mt: 1.5, alignItems: 'flex-start' }}>
      {actions.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {actions.map((action) => {
            const opens = BUTTON_OPENS[buttonKindOf(action.url)];
            return (
              <Button
                key={`${action.label}|${action.url}`}
                variant="outlined"
                size="small"
                href={action.url}
                {...opens.props}
                endIcon={opens.icon}
                sx={{ textTransform: 'none' }}
              >
                <span dir="auto">{action.label}</span>
              </Button>
            );
          })}
        </Stack>
      )}
      {link && (
        <Link
          href={link}
          {...OUTSIDE}
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <LinkIcon fontSize="small" aria-hidden />
          {t('rich.opens', { host: hostOf(link) })}
        </Link>
      )}
    </Stack>
  );
}
