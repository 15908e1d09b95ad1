import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import { Alert, Box, Container, Stack, Typography } from '@mui/material';
import { Trans, useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Msg } from '../../../../shared/messages';
import type { PublicEstablishment } from '../../../../shared/schemas/establishment.schema';
import { GuestEmailOffer } from '../../../components/guest-email-offer';
import { AskBusinessButton } from '../../../features/conversations/components/ask-business-button';
import { usePublicEstablishment } from '../../../features/establishments/api/public-establishment.api';
import { ContactCard } from '../../../features/establishments/components/public/contact-card';
import { EstablishmentCover } from '../../../features/establishments/components/public/establishment-cover';
import { EstablishmentLogo } from '../../../features/establishments/components/public/establishment-logo';
import { EstablishmentUnavailable } from '../../../features/establishments/components/public/establishment-unavailable';
import {
  FollowActions,
  useFollowRelation,
} from '../../../features/establishments/components/public/follow-actions';
import { GalleryGrid } from '../../../features/establishments/components/public/gallery-grid';
import { PublicEstablishmentSkeleton } from '../../../features/establishments/components/public/public-establishment-skeleton';
import { GuestLeftNotice } from '../../../features/notify/components/guest-left-notice';
import { PushPrompt } from '../../../features/push/components/push-prompt';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { translateMessage } from '../../../lib/translate-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocaleFormat } from '../../../lib/use-locale-format';

/** A 401 means a stale session is being cleared; the page reloads as a guest right after. */
const isSessionEnding = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * /:establishmentId: a business's public page, opened from a QR code or a shared link (mostly on a
 * phone): cover, logo, name, followers, Follow and Share, contact details and the gallery.
 */
export function PublicEstablishmentPage() {
  const { establishmentId } = useParams();
  const query = usePublicEstablishment(establishmentId);
  useDocumentTitle(query.data?.name);

  if (query.data) return <PublicEstablishmentView establishment={query.data} />;
  if (query.isError && !isSessionEnding(query.error))
    return <EstablishmentUnavailable error={query.error} onRetry={() => void query.refetch()} />;
  return <PublicEstablishmentSkeleton />;
}

function PublicEstablishmentView({ establishment }: { establishment: PublicEstablishment }) {
  const { t } = useTranslation();
  const { name, subheader, logo, cover, gallery, status } = establishment;
  const hasGallery = gallery.length > 0;

  return (
    <Box component="article" sx={{ pb: { xs: 6, md: 10 } }}>
      <Container maxWidth="lg" disableGutters>
        <EstablishmentCover name={name} cover={cover} />
      </Container>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={{ xs: 2, md: 3 }}
          sx={{ alignItems: { xs: 'flex-start', md: 'flex-end' } }}
        >
          {/* Stack resets its children's margins: the pull onto the cover sits one level down. */}
          <Box sx={{ flexShrink: 0 }}>
            <Box sx={{ mt: { xs: '-52px', md: '-74px' }, position: 'relative' }}>
              <EstablishmentLogo name={name} logo={logo} size={{ xs: 104, md: 148 }} />
            </Box>
          </Box>
          <Box sx={{ flexGrow: 1, minWidth: 0, pb: { md: 0.5 } }}>
            <Typography
              variant="h4"
              component="h1"
              sx={{ fontSize: { xs: '1.6rem', md: '2.1rem' }, overflowWrap: 'anywhere', lineHeight: 1.2 }}
            >
              {name}
            </Typography>
            {subheader && (
              <Typography sx={{ color: 'text.secondary', mt: 0.5, fontSize: { md: '1.1rem' } }}>
                {subheader}
              </Typography>
            )}
            <FollowerCount count={establishment.followerCount} />
          </Box>
          <FollowActions establishment={establishment} />
        </Stack>

        <GuestLeftNotice name={name} />
        <FollowerPushPrompt establishment={establishment} />

        {status === 'inactive' && (
          <Alert severity="warning" variant="outlined" sx={{ mt: 3 }}>
            {translateMessage(t, Msg.establishmentInactive)}
          </Alert>
        )}

        <Box
          sx={{
            mt: { xs: 4, md: 5 },
            display: 'grid',
            gap: 3,
            alignItems: 'start',
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              md: hasGallery ? 'minmax(0, 2fr) minmax(0, 1fr)' : 'minmax(0, 480px)',
            },
          }}
        >
          {/* On phones the contact details come first; on desktop they sit beside the gallery. */}
          <Box sx={{ gridColumn: { md: hasGallery ? 2 : 1 }, gridRow: { md: 1 } }}>
            <ContactCard establishment={establishment} />
          </Box>
          {hasGallery && (
            <Box sx={{ gridColumn: { md: 1 }, gridRow: { md: 1 } }}>
              <GalleryGrid images={gallery} name={name} />
            </Box>
          )}
        </Box>
      </Container>
    </Box>
  );
}

/** "Followers: 1 234", the number written the way the current language writes numbers. */
function FollowerCount({ count }: { count: number }) {
  const { t } = useTranslation();
  const number = useLocaleFormat().number(count);
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mt: 1, color: 'text.secondary' }}>
      <PeopleAltOutlined fontSize="small" aria-hidden />
      <Typography variant="body2">
        <Trans
          t={t}
          i18nKey="publicPage.followers"
          values={{ number }}
          components={{ strong: <Box component="strong" sx={{ color: 'text.primary', fontWeight: 700 }} /> }}
        />
      </Typography>
    </Stack>
  );
}

/**
 * Right after a follow (and while following): the offer to turn notifications on for this device; for
 * a guest follower (no account), the one line that offers more: an email, for news by email and comments.
 */
function FollowerPushPrompt({ establishment }: { establishment: PublicEstablishment }) {
  const relation = useFollowRelation(establishment);
  const { user } = useSession();
  if (relation !== 'following') return null;
  return (
    <Box sx={{ mt: 3, maxWidth: 720 }}>
      {user?.guest && <GuestEmailOffer publicId={establishment.publicId} sx={{ mb: 2 }} />}
      {!user?.guest && (
        <Box sx={{ mb: 2 }}>
          <AskBusinessButton establishment={establishment} />
        </Box>
      )}
      <PushPrompt establishmentName={establishment.name} />
    </Box>
  );
}
