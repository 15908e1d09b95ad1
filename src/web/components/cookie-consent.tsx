import CookieOutlinedIcon from '@mui/icons-material/CookieOutlined';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { hasConsent, storeConsentCookie } from '../lib/consent-cookie';

const PRIVACY_PATH = '/gdpr/privacy';

/** Whether the consent cookie exists. */
export { hasConsent };

/** Dispatched on window once the visitor agrees: what waited for consent (page views) may start. */
export const CONSENT_GIVEN_EVENT = 'consent-given';

const storeConsent = () => {
  storeConsentCookie();
  window.dispatchEvent(new Event(CONSENT_GIVEN_EVENT));
};

/**
 * Bottom cookie-consent banner, on every page until the user agrees (spec section 4). It does not
 * block the page. `navigate` opens the privacy page inside the app (it sits outside the router).
 */
export function CookieConsent({ navigate }: { navigate?: (to: string) => void }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => !hasConsent());
  const bannerRef = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);
  // A spacer as tall as the banner ends the page, so nothing at its bottom stays hidden behind it.
  useEffect(() => {
    const banner = bannerRef.current;
    if (!visible || !banner) return;
    const observer = new ResizeObserver(() => setHeight(banner.offsetHeight));
    observer.observe(banner);
    return () => observer.disconnect();
  }, [visible]);
  if (!visible) return null;

  const accept = () => {
    storeConsent();
    setVisible(false);
  };

  return (
    <>
      <Box aria-hidden sx={{ height: height + 16 }} />
      <Paper
        ref={bannerRef}
        component="section"
        role="region"
        aria-label={t('consent.label')}
        elevation={8}
        sx={(theme) => ({
          position: 'fixed',
          zIndex: theme.zIndex.drawer - 1,
          insetBlockEnd: { xs: 8, sm: 16 },
          insetInlineEnd: { xs: 8, sm: 16 },
          insetInlineStart: { xs: 8, sm: 'auto' },
          maxWidth: { sm: 420 },
          // Compact on a phone: a few lines with the button beside them, well below the page's actions.
          px: { xs: 1.5, sm: 2 },
          py: { xs: 1, sm: 2 },
          border: 1,
          borderColor: 'divider',
          borderRadius: 3,
        })}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
          <Box sx={{ color: 'primary.main', display: { xs: 'none', sm: 'flex' }, pt: 0.25 }}>
            <CookieOutlinedIcon />
          </Box>
          <Stack
            direction={{ xs: 'row', sm: 'column' }}
            spacing={1.5}
            sx={{ flexGrow: 1, alignItems: { xs: 'center', sm: 'flex-start' } }}
          >
            <Typography variant="body2" sx={{ fontSize: { xs: 13, sm: 14 }, lineHeight: { xs: 1.4 } }}>
              <Trans
                t={t}
                i18nKey="consent.text"
                components={{
                  privacy: (
                    <Link
                      href={PRIVACY_PATH}
                      underline="always"
                      onClick={(event) => {
                        // A plain click stays in the app; middle-click and modified clicks keep their meaning.
                        if (
                          !navigate ||
                          event.button !== 0 ||
                          event.metaKey ||
                          event.ctrlKey ||
                          event.shiftKey
                        )
                          return;
                        event.preventDefault();
                        navigate(PRIVACY_PATH);
                      }}
                    />
                  ),
                }}
              />
            </Typography>
            <Box sx={{ flexShrink: 0 }}>
              <Button variant="contained" size="small" onClick={accept} sx={{ minHeight: 36 }}>
                {t('consent.accept')}
              </Button>
            </Box>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
