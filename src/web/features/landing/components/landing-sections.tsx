import FormatQuote from '@mui/icons-material/FormatQuote';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { Avatar, Box, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import type { TFunction } from 'i18next';

interface StepItem {
  title: string;
  text: string;
}

const STEP_ICONS = [StorefrontOutlined, QrCode2Outlined, NotificationsActiveOutlined];

/** The three steps from sign-up to a follower's notification. */
export function Steps({ t }: { t: TFunction }) {
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

/** A customer's word. */
export function Testimonial({ t }: { t: TFunction }) {
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
