import CookieOutlinedIcon from '@mui/icons-material/CookieOutlined';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { type ConsentChoice, hasConsent, storeConsentCookie } from '../lib/consent-cookie';

const PRIVACY_PATH = '/gdpr/privacy';
/** Room between the banner and what ends the page above it. */
const GAP = 16;

/**
 * Bottom cookie-consent banner, on every page until the visitor chooses (spec section 4): "Accept"
 * (page views are counted too) or "Only necessary"; both store the consent cookie and hide it. It
 * does not block the page: the page ends below it, and what is focused or scrolled to stops above
 * it. `navigate` opens the privacy page inside the app (it sits outside the router).
 */
export function CookieConsent({ navigate }: { navigate?: (to: string) => void }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => !hasConsent());
  const bannerRef = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);
  // A spacer as tall as the banner ends the page, so nothing at its bottom stays hidden behind it;
  // the root's scroll padding keeps a focused field or button (Tab, the phone's Next) above it.
  useEffect(() => {
    const banner = bannerRef.current;
    if (!visible || !banner) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      setHeight(banner.offsetHeight);
      root.style.scrollPaddingBottom = `${banner.offsetHeight + GAP}px`;
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [visible]);
  if (!visible) return null;

  const choose = (choice: ConsentChoice) => {
    storeConsentCookie(choice);
    setVisible(false);
  };

  return (
    <>
      <Box aria-hidden sx={{ height: height + GAP }} />
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
          // Compact on a phone: a few lines of small text, the two buttons under them.
          px: { xs: 1.5, sm: 2 },
          py: { xs: 1, sm: 2 },
          border: 1,
          borderColor: 'divider',
          borderRadius: 3,
        })}
      >
        <Stack direction="row" spacing={1.5}>
          <Box sx={{ color: 'primary.main', display: { xs: 'none', sm: 'flex' }, pt: 0.25 }}>
            <CookieOutlinedIcon />
          </Box>
          <Stack spacing={{ xs: 1, sm: 1.5 }} sx={{ flexGrow: 1, minWidth: 0 }}>
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
            {/* Refusing is as easy as agreeing: the same size, side by side. */}
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}
            >
              <Button
                variant="outlined"
                size="small"
                onClick={() => choose('necessary')}
                sx={{ minHeight: 36 }}
              >
                {t('consent.necessary')}
              </Button>
              <Button variant="contained" size="small" onClick={() => choose('all')} sx={{ minHeight: 36 }}>
                {t('consent.accept')}
              </Button>
            </Stack>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
