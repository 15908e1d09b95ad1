import { Box, CircularProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Hero } from '../../features/landing/components/hero';
import { Steps, Testimonial } from '../../features/landing/components/landing-sections';
import { useContactLink } from '../../features/landing/use-contact-link';
import { useLandingTranslation } from '../../features/landing/use-landing-translation';
import { ContactSection } from './contact-section';

/** /home: the marketing landing page (hero, 3 steps, a testimonial, contact); the layout adds the footer. */
export function HomePage() {
  const { t, lang, ready } = useLandingTranslation();
  const { i18n } = useTranslation();
  const contact = useContactLink();
  if (!ready) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  }
  return (
    <Box lang={lang}>
      <Hero t={t} contactHref={contact.href} onContact={contact.goToContact} />
      <Steps t={t} />
      <Testimonial t={t} />
      {/* The page is in Slovak; the request carries the language the visitor chose for the app. */}
      <ContactSection t={t} language={i18n.resolvedLanguage} firstFieldRef={contact.firstFieldRef} />
    </Box>
  );
}
