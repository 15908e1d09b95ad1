import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Alert, AlertTitle, Avatar, Box, Button, Card, Chip, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EstablishmentView } from '../../../../shared/schemas/establishment.schema';
import { coverUrl, logoUrl } from '../../../lib/media-urls';
import { usePublicConfig } from '../../../lib/public-config';
import { useFollowersText } from './followers-text';

const STATUS_COLOR = {
  active: 'success',
  inactive: 'default',
  blocked: 'error',
  deleted: 'default',
} as const;

/** Cover, logo, name, status, follower count and the public page link; warns when blocked or inactive. */
export function EstablishmentHeader({
  establishment,
  locked,
  reach,
}: {
  /** Operators' and followers' views alike: it shows public fields only. */
  establishment: EstablishmentView;
  /** The viewer may not change it while it is blocked (operators). */
  locked: boolean;
  /** For who may send: how many followers a send would reach, by phone and by email (beside the follower count). */
  reach?: ReactNode;
}) {
  const { t } = useTranslation();
  const followers = useFollowersText();
  const cover = coverUrl(establishment.cover);

  return (
    <Stack spacing={2}>
      <Card variant="outlined">
        <Box
          role={cover ? 'img' : undefined}
          aria-label={
            cover ? t('establishmentPage.header.coverAlt', { name: establishment.name }) : undefined
          }
          sx={(theme) => ({
            height: { xs: 112, sm: 176 },
            backgroundColor: 'primary.main',
            // Without a cover the brand colours stand in, so the card never looks broken.
            backgroundImage: cover
              ? `url("${cover}")`
              : `linear-gradient(135deg, ${theme.palette.primary.main} 0%, ${theme.palette.secondary.main} 100%)`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          })}
        />
        {/* A plain flex box: Stack resets its children's margins, and the logo needs a negative one. */}
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: 2,
            px: { xs: 2, sm: 3 },
            pb: { xs: 2, sm: 3 },
            alignItems: { xs: 'flex-start', sm: 'flex-end' },
          }}
        >
          <Avatar
            src={logoUrl(establishment.logo)}
            alt={t('establishmentPage.header.logoAlt', { name: establishment.name })}
            variant="rounded"
            sx={{
              width: { xs: 80, sm: 112 },
              height: { xs: 80, sm: 112 },
              mt: { xs: -5, sm: -7 },
              border: 4,
              borderColor: 'background.paper',
              bgcolor: 'background.paper',
              color: 'primary.main',
              boxShadow: 1,
              flexShrink: 0,
            }}
          >
            <StorefrontOutlinedIcon sx={{ fontSize: { xs: 40, sm: 56 } }} />
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography
              variant="h4"
              component="h1"
              sx={{ wordBreak: 'break-word', fontSize: { xs: 24, sm: 32 } }}
            >
              {establishment.name}
            </Typography>
            {establishment.subheader && (
              <Typography sx={{ color: 'text.secondary', wordBreak: 'break-word' }}>
                {establishment.subheader}
              </Typography>
            )}
            <Stack
              direction="row"
              spacing={1}
              sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}
            >
              <Chip
                size="small"
                color={STATUS_COLOR[establishment.status]}
                label={t(`establishmentPage.status.${establishment.status}`)}
              />
              <Chip
                size="small"
                variant="outlined"
                icon={<PeopleAltOutlinedIcon />}
                // Operators also see who followed and still has to confirm their email.
                label={followers(establishment)}
              />
              {reach}
            </Stack>
          </Box>
          <Button
            variant="outlined"
            component="a"
            href={`/${establishment.publicId}`}
            target="_blank"
            rel="noopener"
            endIcon={<OpenInNewIcon />}
            sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', sm: 'flex-end' } }}
          >
            {t('establishmentPage.header.viewPublic')}
          </Button>
        </Box>
      </Card>
      {establishment.status === 'blocked' && <BlockedAlert locked={locked} />}
      {establishment.status === 'inactive' && (
        <Alert severity="info">{t('establishmentPage.header.inactive')}</Alert>
      )}
    </Stack>
  );
}

/** A blocked establishment: its page is offline and it cannot send; support can unblock it. */
function BlockedAlert({ locked }: { locked: boolean }) {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  return (
    <Alert severity="warning">
      <AlertTitle>{t('establishmentPage.blocked.title')}</AlertTitle>
      {t('establishmentPage.blocked.text')}
      {locked && <> {t('establishmentPage.blocked.locked')}</>}
      {config?.supportEmail && (
        <>
          {' '}
          {t('establishmentPage.blocked.support')}{' '}
          <Link href={`mailto:${config.supportEmail}`} color="inherit" dir="ltr">
            {config.supportEmail}
          </Link>
        </>
      )}
    </Alert>
  );
}
