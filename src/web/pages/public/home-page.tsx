import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import FormatQuote from '@mui/icons-material/FormatQuote';
import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Container,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePublicConfig } from '../../lib/public-config';

const LANDING_LANGUAGE = 'sk';

/**
 * The spec says the landing page is in Slovak, whatever language the visitor picked. Its texts are
 * ordinary `home` keys; this loads the Slovak `common` bundle and, when it exists, renders with a
 * translator fixed to Slovak (`getFixedT('sk', 'common')`). Until the Slovak translation is
 * written (or if it fails to load) the page falls back to the visitor's current language.
 */
function useLandingTranslation(): { t: TFunction; lang: string | undefined; ready: boolean } {
  const { t, i18n } = useTranslation('common');
  const hasSlovak = () => i18n.hasResourceBundle(LANDING_LANGUAGE, 'common');
  const [state, setState] = useState<'loading' | 'done'>(() => (hasSlovak() ? 'done' : 'loading'));
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on mount
  useEffect(() => {
    if (state === 'done') return;
    let active = true;
    // A missing bundle is reported through the callback, not as a rejection: either way, stop waiting.
    i18n.loadLanguages(LANDING_LANGUAGE).finally(() => active && setState('done'));
    return () => {
      active = false;
    };
  }, []);
  if (state === 'loading') return { t, lang: i18n.resolvedLanguage, ready: false };
  if (hasSlovak())
    return { t: i18n.getFixedT(LANDING_LANGUAGE, 'common'), lang: LANDING_LANGUAGE, ready: true };
  return { t, lang: i18n.resolvedLanguage, ready: true };
}

interface PreviewItem {
  business: string;
  text: string;
  time: string;
}
interface StepItem {
  title: string;
  text: string;
}

const STEP_ICONS = [StorefrontOutlined, QrCode2Outlined, NotificationsActiveOutlined];

/** /home: the marketing landing page (hero, 3 steps, a testimonial, contact); the layout adds the footer. */
export function HomePage() {
  const { t, lang, ready } = useLandingTranslation();
  if (!ready) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  }
  return (
    <Box lang={lang}>
      <Hero t={t} />
      <Steps t={t} />
      <Testimonial t={t} />
      <Contact t={t} />
    </Box>
  );
}

function Hero({ t }: { t: TFunction }) {
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
                component={RouterLink}
                to="/register"
                variant="contained"
                size="large"
                sx={{ px: 4, py: 1.5 }}
              >
                {t('home.hero.register')}
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

function Steps({ t }: { t: TFunction }) {
  const steps = t('home.steps.items', { returnObjects: true }) as StepItem[];
  return (
    <Box component="section" sx={{ py: { xs: 8, md: 12 } }} aria-labelledby="home-steps-title">
      <Container maxWidth="lg">
        <Typography id="home-steps-title" variant="h2" sx={{ textAlign: 'center', mb: 2 }}>
          {t('home.steps.title')}
        </Typography>
        <Typography
          sx={{ color: 'text.secondary', textAlign: 'center', mb: { xs: 5, md: 8 }, fontSize: '1.125rem' }}
        >
          {t('home.steps.subtitle')}
        </Typography>
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            gap: 3,
          }}
        >
          {steps.map((step, index) => {
            const Icon = STEP_ICONS[index] ?? NotificationsActiveOutlined;
            return (
              <Card component="li" key={step.title} variant="outlined" sx={{ height: '100%' }}>
                <CardContent sx={{ p: { xs: 3, md: 4 } }}>
                  <Stack
                    direction="row"
                    sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3 }}
                  >
                    <Avatar
                      sx={{
                        width: 48,
                        height: 48,
                        bgcolor: 'primary.main',
                        color: 'primary.contrastText',
                        fontWeight: 700,
                        fontSize: 20,
                      }}
                    >
                      {index + 1}
                    </Avatar>
                    <Icon aria-hidden sx={{ fontSize: 40, color: 'text.disabled' }} />
                  </Stack>
                  <Typography variant="h5" component="h3" sx={{ mb: 1 }}>
                    {step.title}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary' }}>{step.text}</Typography>
                </CardContent>
              </Card>
            );
          })}
        </Box>
      </Container>
    </Box>
  );
}

function Testimonial({ t }: { t: TFunction }) {
  const name = t('home.testimonial.name');
  const initials = name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2);
  return (
    <Box component="section" sx={{ pb: { xs: 8, md: 12 } }} aria-labelledby="home-testimonial-title">
      <Container maxWidth="md">
        <Typography
          id="home-testimonial-title"
          variant="h2"
          sx={{ textAlign: 'center', mb: { xs: 4, md: 6 } }}
        >
          {t('home.testimonial.title')}
        </Typography>
        <Card variant="outlined" sx={{ position: 'relative', overflow: 'visible' }}>
          <CardContent sx={{ p: { xs: 3, md: 6 }, '&:last-child': { pb: { xs: 3, md: 6 } } }}>
            <FormatQuote aria-hidden sx={{ fontSize: 56, color: 'primary.main', mb: 1 }} />
            <Box component="figure" sx={{ m: 0 }}>
              <Typography
                component="blockquote"
                variant="h5"
                sx={{ m: 0, fontWeight: 400, lineHeight: 1.5, mb: 4 }}
              >
                {t('home.testimonial.quote')}
              </Typography>
              <Stack component="figcaption" direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Avatar sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', fontWeight: 700 }}>
                  {initials}
                </Avatar>
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('home.testimonial.role')}
                  </Typography>
                </Box>
              </Stack>
            </Box>
          </CardContent>
        </Card>
      </Container>
    </Box>
  );
}

function Contact({ t }: { t: TFunction }) {
  const config = usePublicConfig();
  const email = config.data?.supportEmail;
  return (
    <Box component="section" sx={{ pb: { xs: 8, md: 12 } }} aria-labelledby="home-contact-title">
      <Container maxWidth="lg">
        <Box
          sx={(theme) => ({
            borderRadius: 4,
            px: { xs: 3, md: 8 },
            py: { xs: 5, md: 7 },
            color: 'primary.contrastText',
            background: `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.primary.dark})`,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
            gap: 4,
            alignItems: 'center',
          })}
        >
          <Box>
            <Typography id="home-contact-title" variant="h3" component="h2" sx={{ mb: 2 }}>
              {t('home.contact.title')}
            </Typography>
            <Typography sx={{ opacity: 0.9, fontSize: '1.125rem' }}>{t('home.contact.text')}</Typography>
          </Box>
          <Stack spacing={1.5} sx={{ alignItems: { xs: 'stretch', md: 'flex-end' } }}>
            {email ? (
              <>
                <Button
                  href={`mailto:${email}`}
                  variant="contained"
                  size="large"
                  startIcon={<MailOutlineOutlined />}
                  sx={{
                    bgcolor: 'background.paper',
                    color: 'primary.main',
                    px: 4,
                    py: 1.5,
                    '&:hover': { bgcolor: 'background.paper', opacity: 0.92 },
                  }}
                >
                  {t('home.contact.button')}
                </Button>
                <Typography
                  sx={{ opacity: 0.9, overflowWrap: 'anywhere', textAlign: { xs: 'center', md: 'end' } }}
                >
                  {t('home.contact.emailLabel', { email })}
                </Typography>
              </>
            ) : (
              config.isPending && (
                <Skeleton variant="rounded" height={48} sx={{ bgcolor: 'rgba(255,255,255,0.2)' }} />
              )
            )}
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
