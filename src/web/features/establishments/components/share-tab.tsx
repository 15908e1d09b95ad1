import DownloadIcon from '@mui/icons-material/Download';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import { Alert, Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { usePublicConfig } from '../../../lib/public-config';
import { publicLinks, qrUrl, withVisitSource } from '../establishment-links';
import { CopyLinkField } from './copy-link-field';
import { QrPosterDialog } from './qr-poster-dialog';
import { SocialShareLinks } from './social-share-links';

/** Share tab: the public and registration links, the QR code (downloads, poster) and social sharing. */
export function ShareTab({ establishment }: { establishment: Establishment }) {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  const links = publicLinks(config?.publicUrl, establishment.publicId);
  const [posterOpen, setPosterOpen] = useState(false);

  return (
    <Stack spacing={3}>
      {establishment.status === 'blocked' && (
        <Alert severity="warning">{t('establishmentPage.share.blocked')}</Alert>
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={3}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h6" component="h2">
                  {t('establishmentPage.share.linksTitle')}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
                  {t('establishmentPage.share.linksText')}
                </Typography>
                <Stack spacing={2.5}>
                  <CopyLinkField
                    label={t('establishmentPage.share.publicLink')}
                    value={withVisitSource(links.page, 'share')}
                    helperText={t('establishmentPage.share.publicLinkHint')}
                  />
                  <CopyLinkField
                    label={t('establishmentPage.share.registerLink')}
                    value={withVisitSource(links.register, 'share')}
                    helperText={t('establishmentPage.share.registerLinkHint')}
                  />
                </Stack>
              </CardContent>
            </Card>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h6" component="h2">
                  {t('establishmentPage.share.socialTitle')}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                  {t('establishmentPage.share.socialText')}
                </Typography>
                <SocialShareLinks url={withVisitSource(links.page, 'share')} name={establishment.name} />
              </CardContent>
            </Card>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2">
                {t('establishmentPage.share.qrTitle')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                {t('establishmentPage.share.qrText')}
              </Typography>
              <Box
                sx={{
                  mx: 'auto',
                  width: '100%',
                  maxWidth: 240,
                  aspectRatio: '1 / 1',
                  bgcolor: '#fff',
                  borderRadius: 2,
                  border: 1,
                  borderColor: 'divider',
                  p: 1,
                }}
              >
                <Box
                  component="img"
                  src={qrUrl(establishment.id, 'svg')}
                  alt={t('establishmentPage.share.qrAlt', { name: establishment.name })}
                  sx={{ width: '100%', height: '100%', display: 'block' }}
                />
              </Box>
              <Stack spacing={1.5} sx={{ mt: 2.5 }}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                  <Button
                    fullWidth
                    variant="outlined"
                    startIcon={<DownloadIcon />}
                    href={qrUrl(establishment.id, 'png', { size: 1024, download: true })}
                    download
                  >
                    {t('establishmentPage.share.downloadPng')}
                  </Button>
                  <Button
                    fullWidth
                    variant="outlined"
                    startIcon={<DownloadIcon />}
                    href={qrUrl(establishment.id, 'svg', { download: true })}
                    download
                  >
                    {t('establishmentPage.share.downloadSvg')}
                  </Button>
                </Stack>
                <Button
                  variant="contained"
                  startIcon={<PrintOutlinedIcon />}
                  onClick={() => setPosterOpen(true)}
                >
                  {t('establishmentPage.share.printPoster')}
                </Button>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
      <QrPosterDialog
        open={posterOpen}
        onClose={() => setPosterOpen(false)}
        establishment={establishment}
        link={links.page}
      />
    </Stack>
  );
}
