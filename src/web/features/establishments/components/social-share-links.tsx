import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import FacebookIcon from '@mui/icons-material/Facebook';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import IosShareIcon from '@mui/icons-material/IosShare';
import TelegramIcon from '@mui/icons-material/Telegram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import XIcon from '@mui/icons-material/X';
import { Button, Grid, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Target {
  key: 'whatsapp' | 'messenger' | 'telegram' | 'facebook' | 'x' | 'email';
  icon: ReactNode;
  href: string;
}

const enc = encodeURIComponent;

/** Where the public link can be shared, each with the link and the invitation text. */
function targetsOf(url: string, text: string, subject: string): Target[] {
  return [
    { key: 'whatsapp', icon: <WhatsAppIcon />, href: `https://wa.me/?text=${enc(`${text} ${url}`)}` },
    // Facebook's web "send" dialog needs an app id; the Messenger app's own scheme works on phones.
    { key: 'messenger', icon: <ForumOutlinedIcon />, href: `fb-messenger://share?link=${enc(url)}` },
    {
      key: 'telegram',
      icon: <TelegramIcon />,
      href: `https://t.me/share/url?url=${enc(url)}&text=${enc(text)}`,
    },
    {
      key: 'facebook',
      icon: <FacebookIcon />,
      href: `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`,
    },
    { key: 'x', icon: <XIcon />, href: `https://twitter.com/intent/tweet?url=${enc(url)}&text=${enc(text)}` },
    {
      key: 'email',
      icon: <EmailOutlinedIcon />,
      href: `mailto:?subject=${enc(subject)}&body=${enc(`${text}\n\n${url}`)}`,
    },
  ];
}

/** The device's share sheet where there is one, and links to messaging apps and social networks. */
export function SocialShareLinks({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const text = t('establishmentPage.share.inviteText', { name });
  const subject = t('establishmentPage.share.emailSubject', { name });
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const onShare = async () => {
    try {
      await navigator.share({ title: name, text, url });
    } catch {
      // Closing the share sheet rejects too; there is nothing to report.
    }
  };

  return (
    <Stack spacing={2}>
      {canShare && (
        <Button
          variant="contained"
          startIcon={<IosShareIcon />}
          onClick={onShare}
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        >
          {t('establishmentPage.share.nativeShare')}
        </Button>
      )}
      <Grid container spacing={1.5}>
        {targetsOf(url, text, subject).map((target) => (
          <Grid key={target.key} size={{ xs: 6, sm: 4, md: 6 }}>
            <Button
              fullWidth
              variant="outlined"
              color="inherit"
              startIcon={target.icon}
              href={target.href}
              target="_blank"
              rel="noopener"
              sx={{
                height: '100%',
                justifyContent: 'flex-start',
                borderColor: 'divider',
                textTransform: 'none',
                py: 1,
              }}
            >
              {t(`establishmentPage.share.targets.${target.key}`)}
            </Button>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
