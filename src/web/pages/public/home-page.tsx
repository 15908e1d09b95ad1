import { Box, CircularProgress } from '@mui/material';
import { Hero } from '../../features/landing/components/hero';
import { Contact, Steps, Testimonial } from '../../features/landing/components/landing-sections';
import { useLandingTranslation } from '../../features/landing/use-landing-translation';

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
