import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Container,
  Link,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { Msg } from '../../../../shared/messages';
import type { PublicEstablishment } from '../../../../shared/schemas/establishment.schema';
import { RegistrationForm } from '../../../features/account/components/registration-form';
import { usePublicEstablishment } from '../../../features/establishments/api/public-establishment.api';
import { EstablishmentCover } from '../../../features/establishments/components/public/establishment-cover';
import { EstablishmentLogo } from '../../../features/establishments/components/public/establishment-logo';
import { EstablishmentUnavailable } from '../../../features/establishments/components/public/establishment-unavailable';
import { useFollowRelation } from '../../../features/establishments/components/public/follow-actions';
import { SignedInFollow } from '../../../features/establishments/components/public/signed-in-follow';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { JUST_REGISTERED_KEY } from '../../../lib/storage-keys';
import { translateMessage } from '../../../lib/translate-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { RegisteredNotice } from './registered-notice';

const LOGO = 88;

/**
 * /:establishmentId/register: register and follow the business in one step (the password and the
 * verification link arrive by email). A signed-in visitor gets a one-click Follow instead.
 */
export function PublicRegisterPage() {
  const { establishmentId } = useParams();
  const query = usePublicEstablishment(establishmentId);
  useDocumentTitle(query.data?.name);

  if (query.data) return <RegisterView establishment={query.data} />;
  if (query.isError && !(query.error instanceof ApiError && query.error.status === 401))
    return <EstablishmentUnavailable error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Frame>
      <RegisterSkeleton />
    </Frame>
  );
}

function RegisterView({ establishment }: { establishment: PublicEstablishment }) {
  const { t } = useTranslation(['common', 'auth']);
  const { status, user } = useSession();
  const relation = useFollowRelation(establishment);
  // Registered on the light page a moment ago (its hand-over), or here.
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(() => justRegistered(establishment));
  useEffect(() => sessionStorage.removeItem(JUST_REGISTERED_KEY), []);
  const { name, publicId } = establishment;
  const appName = t('appName');
  const pageLink = `/${publicId}`;

  const onRegistered = (email: string) => {
    setRegisteredEmail(email);
    // On a phone the button was far down the form; the answer starts at the top.
    window.scrollTo({ top: 0 });
  };

  if (registeredEmail) {
    return (
      <Frame establishment={establishment} title={translateMessage(t, Msg.registered)}>
        <RegisteredNotice email={registeredEmail} publicId={publicId} name={name} />
      </Frame>
    );
  }
  if (status === 'restoring') {
    return (
      <Frame establishment={establishment} title={t('publicPage.register.title', { name, appName })}>
        <RegisterSkeleton />
      </Frame>
    );
  }
  // A guest follower (this device, no account) gets the form: registering here merges the guest in.
  if (status === 'authenticated' && !user?.guest) {
    // Someone who already follows or runs it is not asked to follow it.
    const title = relation === 'user' ? t('publicPage.register.followTitle', { name }) : name;
    return (
      <Frame establishment={establishment} title={title}>
        <SignedInFollow establishment={establishment} />
      </Frame>
    );
  }
  if (establishment.status === 'inactive') {
    return (
      <Frame establishment={establishment} title={name}>
        <Stack spacing={2}>
          <Alert severity="warning">{translateMessage(t, Msg.establishmentInactive)}</Alert>
          <Button component={RouterLink} to={pageLink} variant="outlined" size="large">
            {t('publicPage.register.viewPage')}
          </Button>
        </Stack>
      </Frame>
    );
  }
  return (
    <Frame
      establishment={establishment}
      title={t('publicPage.register.title', { name, appName })}
      subtitle={t('publicPage.register.subtitle', { name })}
    >
      <RegistrationForm
        establishmentId={publicId}
        privacyPath={`/${publicId}/gdpr/privacy`}
        submitLabel={t('publicPage.register.submit')}
        autoFocus={false}
        offerPreferences
        onRegistered={onRegistered}
        footer={
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <Link component={RouterLink} to="/login" state={{ from: pageLink }} variant="body2">
              {t('publicPage.haveAccount')}
            </Link>
            <Link component={RouterLink} to={pageLink} variant="body2" color="textSecondary">
              {t('publicPage.register.backToPage', { name })}
            </Link>
          </Stack>
        }
      />
    </Frame>
  );
}

/** The email of who just registered for this business on the light page (read; forgotten on mount). */
function justRegistered({ publicId }: PublicEstablishment): string | null {
  try {
    const handed = JSON.parse(sessionStorage.getItem(JUST_REGISTERED_KEY) ?? 'null') as {
      publicId?: string;
      email?: string;
    } | null;
    return handed?.publicId === publicId && handed.email ? handed.email : null;
  } catch {
    return null;
  }
}

/** The registration card: the business's cover strip and logo on top, then the heading and the content. */
function Frame({
  establishment,
  title,
  subtitle,
  children,
}: {
  establishment?: PublicEstablishment;
  title?: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 5 }, px: { xs: 1.5, sm: 3 } }}>
      <Card variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box sx={{ height: { xs: 96, sm: 120 } }}>
          {establishment ? (
            <EstablishmentCover name={establishment.name} cover={establishment.cover} strip />
          ) : (
            <Skeleton variant="rectangular" height="100%" />
          )}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: `-${LOGO / 2}px` }}>
          {establishment ? (
            <EstablishmentLogo name={establishment.name} logo={establishment.logo} size={LOGO} />
          ) : (
            <Skeleton variant="circular" width={LOGO} height={LOGO} />
          )}
        </Box>
        <CardContent
          sx={{
            px: { xs: 2.5, sm: 5 },
            pt: 2,
            pb: { xs: 3, sm: 5 },
            '&:last-child': { pb: { xs: 3, sm: 5 } },
          }}
        >
          <Box sx={{ textAlign: 'center', mb: 3 }}>
            {title ? (
              <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                {title}
              </Typography>
            ) : (
              <Skeleton variant="text" sx={{ fontSize: '1.6rem', width: '70%', mx: 'auto' }} />
            )}
            {subtitle && <Typography sx={{ color: 'text.secondary', mt: 1 }}>{subtitle}</Typography>}
          </Box>
          {children}
        </CardContent>
      </Card>
    </Container>
  );
}

function RegisterSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2.5} role="status" aria-busy="true" aria-label={t('publicPage.loading')}>
      {[0, 1, 2, 3].map((row) => (
        <Skeleton key={row} variant="rounded" height={56} />
      ))}
      <Skeleton variant="rounded" height={48} />
    </Stack>
  );
}
