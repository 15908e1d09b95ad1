import { Alert, Button, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import * as contracts from '../../../shared/contracts/sign-in-provider.contracts';
import {
  PROVIDER_SIGN_IN_ERRORS,
  type ProviderSignInError,
} from '../../../shared/schemas/sign-in-provider.schema';
import { callApi } from '../../lib/call-api';
import { usePublicConfig } from '../../lib/public-config';
import { useSession } from '../../lib/session';

const isReason = (value: string | null): value is ProviderSignInError =>
  (PROVIDER_SIGN_IN_ERRORS as readonly string[]).includes(value ?? '');

/** The one-time code the provider's callback left in the address's fragment, taken out of it at once. */
function takeCodeFromAddress(): string | null {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('providerCode');
  if (code) window.history.replaceState(window.history.state, '', window.location.pathname);
  return code;
}

/**
 * The sign-in page's way in through the company's identity provider, when one is configured:
 * its button, the reason a sign-in there was refused, and the last step of one that worked
 * (the code from the callback exchanged for the session's token).
 */
export function ProviderSignIn() {
  const { t } = useTranslation('auth');
  const { data: config } = usePublicConfig();
  const { adopt } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [code] = useState(takeCodeFromAddress);
  const [failed, setFailed] = useState(false);
  const taken = useRef(false);
  const reason = new URLSearchParams(location.search).get('providerError');

  useEffect(() => {
    if (!code || taken.current) return;
    taken.current = true;
    callApi(contracts.takeProviderSession, { body: { code } })
      .then((result) => {
        adopt(result.accessToken, result.user);
        navigate('/redirect', { replace: true });
      })
      .catch(() => setFailed(true));
  }, [code, adopt, navigate]);

  const provider = config?.signInProvider;
  if (code && !failed) {
    return (
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center', py: 1 }}>
        <CircularProgress size={20} />
        <Typography>{t('provider.signingIn')}</Typography>
      </Stack>
    );
  }
  const refused = failed || isReason(reason);
  if (!provider && !refused) return null;
  return (
    <Stack spacing={2}>
      {refused && <Alert severity="error">{t(`provider.errors.${failed ? 'session' : reason}`)}</Alert>}
      {provider && (
        <>
          <Button variant="outlined" size="large" href="/api/auth/oidc/start">
            {t('provider.button', { name: provider.name })}
          </Button>
          <Divider>{t('provider.or')}</Divider>
        </>
      )}
    </Stack>
  );
}
