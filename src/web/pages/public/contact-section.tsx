import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import { Box, Container, Link, Paper, Stack, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import type { Ref } from 'react';
import { ContactForm } from '../../features/contact/components/contact-form';
import { CONTACT_SECTION_ID } from '../../features/landing/use-contact-link';
import { usePublicConfig } from '../../lib/public-config';

/** The businesses' way in: why to write, and the form that reaches the representatives. */
export function ContactSection({
  t,
  language,
  firstFieldRef,
}: {
  t: TFunction;
  language: string | undefined;
  firstFieldRef: Ref<HTMLInputElement>;
}) {
  const email = usePublicConfig().data?.supportEmail;
  return (
    <Box
      component="section"
      id={CONTACT_SECTION_ID}
      // Below the sticky top bar when scrolled to.
      sx={{ pb: { xs: 8, md: 12 }, scrollMarginTop: 80 }}
      aria-labelledby="home-contact-title"
    >
      <Container maxWidth="lg">
        <Box
          sx={(theme) => ({
            borderRadius: 4,
            px: { xs: 2, sm: 4, md: 8 },
            py: { xs: 4, md: 7 },
            background: `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.primary.dark})`,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' },
            gap: { xs: 4, md: 6 },
            alignItems: 'start',
          })}
        >
          <Stack spacing={2} sx={{ color: 'primary.contrastText', px: { xs: 1, sm: 0 } }}>
            <Typography id="home-contact-title" variant="h3" component="h2">
              {t('home.contact.title')}
            </Typography>
            <Typography sx={{ opacity: 0.9, fontSize: '1.125rem' }}>{t('home.contact.text')}</Typography>
            <Typography sx={{ opacity: 0.9 }}>{t('contact.form.intro')}</Typography>
            {email && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', opacity: 0.9 }}>
                <MailOutlineOutlined aria-hidden fontSize="small" />
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  {t('contact.form.orEmail')}{' '}
                  <Link href={`mailto:${email}`} color="inherit" sx={{ fontWeight: 600 }}>
                    {email}
                  </Link>
                </Typography>
              </Stack>
            )}
          </Stack>
          <Paper sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
            <ContactForm t={t} language={language} firstFieldRef={firstFieldRef} />
          </Paper>
        </Box>
      </Container>
    </Box>
  );
}
