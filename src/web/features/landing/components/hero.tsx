import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { Avatar, Box, Button, Chip, Container, Paper, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';

interface PreviewItem {
  business: string;
  text: string;
  time: string;
}
/**
 * The landing page's first screen: the pitch, the calls to action and a phone showing notifications.
 * The main button is for businesses: it leads to the contact form (customers join from a business's
 * own page or QR code).
 */
export function Hero({
  t,
  contactHref,
  onContact,
}: {
  t: TFunction;
  contactHref: string;
  onContact: (event: MouseEvent) => void;
}) {
  return (
    <Box
      component="section"
      sx={(theme) => ({
        py: { xs: 6, md: 10 },
        background: `radial-gradient(circle at 85% 20%, ${alpha(theme.palette.primary.main, 0.16)}, transparent 55%), linear-gradient(180deg, ${alpha(theme.palette.primary.main, 0.06)}, transparent)`,
      })}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' },
            gap: { xs: 6, md: 8 },
            alignItems: 'center',
          }}
        >
          <Box>
            <Chip
              icon={<CampaignOutlined />}
              label={t('home.hero.eyebrow')}
              color="primary"
              variant="outlined"
              sx={{ mb: 3, fontWeight: 600, bgcolor: 'background.paper' }}
            />
            <Typography variant="h1" sx={{ mb: 3, lineHeight: 1.1, letterSpacing: '-0.02em' }}>
              {t('home.hero.title')}
            </Typography>
            <Typography variant="h6" component="p" sx={{ color: 'text.secondary', mb: 4, fontWeight: 400 }}>
              {t('home.hero.text')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button
                href={contactHref}
                onClick={onContact}
                variant="contained"
                size="large"
                sx={{ px: 4, py: 1.5 }}
              >
                {t('contact.cta')}
              </Button>
              <Button
                component={RouterLink}
                to="/login"
                variant="outlined"
                size="large"
                sx={{ px: 4, py: 1.5 }}
              >
                {t('home.hero.login')}
              </Button>
            </Stack>
          </Box>
          <PhonePreview t={t} />
        </Box>
      </Container>
    </Box>
  );
}

/** A phone with sample notifications: an illustration, so assistive technology reads its label only. */
function PhonePreview({ t }: { t: TFunction }) {
  const items = t('home.preview.items', { returnObjects: true }) as PreviewItem[];
  return (
    <Box
      role="img"
      aria-label={t('home.preview.label')}
      sx={{
        justifySelf: 'center',
        width: '100%',
        maxWidth: 300,
        p: 1.25,
        borderRadius: 7,
        bgcolor: 'grey.900',
        boxShadow: '0 30px 60px -20px rgba(17, 24, 39, 0.45)',
      }}
    >
      <Box
        sx={(theme) => ({
          position: 'relative',
          borderRadius: 6,
          px: 1.5,
          pt: 6,
          pb: 6,
          minHeight: { xs: 400, md: 520 },
          background: `linear-gradient(160deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
        })}
      >
        {/* The camera notch. */}
        <Box
          sx={{
            position: 'absolute',
            top: 12,
            insetInline: 0,
            mx: 'auto',
            width: 84,
            height: 22,
            borderRadius: 11,
            bgcolor: 'grey.900',
          }}
        />
        <Stack spacing={1.25}>
          {items.map((item, index) => (
            <Paper
              key={item.business}
              elevation={0}
              sx={{
                p: 1.5,
                borderRadius: 3,
                bgcolor: (theme) => alpha(theme.palette.background.paper, index === 0 ? 0.97 : 0.88),
                display: 'flex',
                gap: 1.5,
              }}
            >
              <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
                <NotificationsActiveOutlined fontSize="small" />
              </Avatar>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                  <Typography variant="subtitle2" noWrap>
                    {item.business}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary', flexShrink: 0 }}>
                    {index === 0 ? t('home.preview.now') : item.time}
                  </Typography>
                </Stack>
                <Typography variant="body2" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
                  {item.text}
                </Typography>
              </Box>
            </Paper>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}
