import { Alert, Box, Chip, Container, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { usePublicConfig } from '../../lib/public-config';

const DOCUMENTS = ['terms', 'privacy', 'marketing'] as const;
type GdprDocument = (typeof DOCUMENTS)[number];
const isDocument = (value: string | undefined): value is GdprDocument =>
  (DOCUMENTS as readonly (string | undefined)[]).includes(value);

interface PolicySection {
  title: string;
  body: string;
}

/**
 * /gdpr/:document (terms, privacy, marketing) and an establishment's /:establishmentId/gdpr/privacy
 * (also with the id doubled, as the spec lists it): the legal texts, from the `gdpr` translations.
 */
export function GdprPage() {
  const { t } = useTranslation();
  const { document, establishmentId } = useParams();
  const config = usePublicConfig();
  // The establishment variants only ever show the privacy policy.
  const current = establishmentId ? 'privacy' : document;
  if (!isDocument(current)) return <Navigate to="/404" replace />;

  const values = {
    appName: t('appName'),
    supportEmail: config.data?.supportEmail ?? t('gdpr.supportFallback'),
  };
  const sections = t(`gdpr.${current}.sections`, { returnObjects: true, ...values }) as PolicySection[];
  const supportEmail = config.data?.supportEmail;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      {!establishmentId && (
        <Stack
          component="nav"
          aria-label={t('gdpr.nav.label')}
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1, mb: { xs: 3, md: 5 } }}
        >
          {DOCUMENTS.map((name) => (
            <Chip
              key={name}
              label={t(`gdpr.nav.${name}`)}
              component={RouterLink}
              to={`/gdpr/${name}`}
              clickable
              color={name === current ? 'primary' : 'default'}
              variant={name === current ? 'filled' : 'outlined'}
              aria-current={name === current ? 'page' : undefined}
            />
          ))}
        </Stack>
      )}
      <Box component="article">
        <Typography variant="h3" component="h1" gutterBottom>
          {t(`gdpr.${current}.title`)}
        </Typography>
        {establishmentId && (
          <Alert severity="info" sx={{ mb: 3 }}>
            {t('gdpr.establishmentNote', values)}
          </Alert>
        )}
        <Typography variant="h6" component="p" sx={{ color: 'text.secondary', fontWeight: 400, mb: 5 }}>
          {t(`gdpr.${current}.intro`, values)}
        </Typography>
        {config.isPending ? (
          <Stack spacing={2} role="status" aria-busy="true" aria-label={t('gdpr.loading')}>
            {[0, 1, 2].map((row) => (
              <Box key={row}>
                <Skeleton variant="text" width="40%" sx={{ fontSize: '1.5rem' }} />
                <Skeleton variant="text" />
                <Skeleton variant="text" />
                <Skeleton variant="text" width="70%" />
              </Box>
            ))}
          </Stack>
        ) : (
          <Stack spacing={4}>
            {sections.map((section) => (
              <Box component="section" key={section.title}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  {section.title}
                </Typography>
                <SectionBody body={section.body} />
              </Box>
            ))}
          </Stack>
        )}
        {supportEmail && (
          <Paper variant="outlined" sx={{ mt: 6, p: 3, bgcolor: 'action.hover' }}>
            <Typography>
              <Trans
                t={t}
                i18nKey="gdpr.contactCta"
                values={{ supportEmail }}
                components={{
                  email: (
                    <Link
                      href={`mailto:${supportEmail}`}
                      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                    />
                  ),
                }}
              />
            </Typography>
          </Paper>
        )}
      </Box>
    </Container>
  );
}

/** Paragraphs, with lines starting "- " grouped into a bulleted list. */
function SectionBody({ body }: { body: string }) {
  const blocks: (string | string[])[] = [];
  for (const line of body.split('\n')) {
    const item = /^- (.*)$/.exec(line);
    const last = blocks.at(-1);
    if (!item) blocks.push(line);
    else if (Array.isArray(last)) last.push(item[1]!);
    else blocks.push([item[1]!]);
  }
  return (
    <Stack spacing={1.5}>
      {blocks.map((block) =>
        Array.isArray(block) ? (
          <Box component="ul" key={block.join()} sx={{ m: 0, ps: 3, '& li + li': { mt: 0.75 } }}>
            {block.map((item) => (
              <Typography component="li" key={item} sx={{ color: 'text.secondary' }}>
                {item}
              </Typography>
            ))}
          </Box>
        ) : (
          <Typography key={block} sx={{ color: 'text.secondary' }}>
            {block}
          </Typography>
        ),
      )}
    </Stack>
  );
}
