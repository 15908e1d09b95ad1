import BlockIcon from '@mui/icons-material/Block';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import { Box, Button, Chip, Link, ListItem, Tooltip, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '../../../../shared/schemas/api-key.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListCard } from '../../../components/list-card';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useDialogAction } from '../../../lib/use-dialog-action';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys.api';
import { curlSendExample, KEY_VARIABLE, newIdempotencyKey } from '../curl-example';
import { CopyableCode } from './copyable-code';
import { CreateApiKeyDialog, scopeName } from './create-api-key-dialog';
import { MONOSPACE } from './monospace';

/**
 * An establishment's API keys, for its operators: each key's name, scopes, last 4
 * characters, who created it and when, when it was last used, revoked or not; a new key (shown
 * once), revoking one (asked first), and a curl example that sends a notification with a key.
 */
export function ApiKeysCard({
  establishmentId,
  canCreate = true,
}: {
  establishmentId: string;
  canCreate?: boolean;
}) {
  const { t } = useTranslation();
  const keys = useApiKeys(establishmentId);
  const title = useRef<HTMLHeadingElement>(null);
  const [creating, setCreating] = useState(false);
  const [idempotencyKey] = useState(newIdempotencyKey);

  return (
    <ListCard
      title={t('apiKeys.title')}
      subtitle={t('apiKeys.subtitle')}
      titleRef={title}
      // Not offered while the establishment is blocked (can(): apiKey:create).
      action={canCreate ? { label: t('apiKeys.create'), onClick: () => setCreating(true) } : undefined}
      items={keys.data?.items}
      renderItem={(key) => (
        <KeyRow
          key={key.id}
          establishmentId={establishmentId}
          apiKey={key}
          onRevoked={() => title.current?.focus()}
        />
      )}
      failure={keys.error && !keys.data?.items ? apiErrorText(t, keys.error) : null}
      retryLabel={t('apiKeys.retry')}
      onRetry={() => void keys.refetch()}
      loadingLabel={t('apiKeys.loading')}
      empty={{ text: t('apiKeys.empty'), hint: t('apiKeys.emptyHint') }}
      dialogs={
        <CreateApiKeyDialog
          establishmentId={establishmentId}
          open={creating}
          onClose={() => setCreating(false)}
        />
      }
    >
      <Box>
        <CopyableCode
          label={t('apiKeys.example.title')}
          copyLabel={t('apiKeys.example.copy')}
          value={curlSendExample({
            origin: window.location.origin,
            establishmentId,
            idempotencyKey,
            text: t('apiKeys.example.text'),
          })}
        />
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          {t('apiKeys.example.hint', { variable: KEY_VARIABLE })}{' '}
          <Link href="/api/docs" target="_blank" rel="noopener" underline="always">
            {t('apiKeys.example.docs')}
          </Link>
        </Typography>
      </Box>
    </ListCard>
  );
}

function KeyRow({
  establishmentId,
  apiKey,
  onRevoked,
}: {
  establishmentId: string;
  apiKey: ApiKey;
  onRevoked: () => void;
}) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const { enqueueSnackbar } = useSnackbar();
  const revoke = useRevokeApiKey(establishmentId);
  const [asking, setAsking] = useState(false);
  const dialog = useDialogAction(revoke.isPending, () => setAsking(false));
  const revoked = apiKey.revokedAt !== null;

  const onConfirm = () =>
    void dialog
      .run(
        async () => {
          const { message } = await revoke.mutateAsync(apiKey.id);
          enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
        },
        (error) => apiErrorText(t, error),
      )
      .then((done) => done && onRevoked());

  return (
    <ListItem
      divider
      disableGutters
      sx={{
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        columnGap: 2,
        rowGap: 1,
        py: 1.5,
        '&:last-of-type': { borderBottom: 0 },
        ...(revoked ? { color: 'text.secondary' } : {}),
      }}
    >
      {/* The icon stays beside the details on a phone; the Revoke button wraps below them there. */}
      <Box sx={{ display: 'flex', columnGap: 2, flex: '1 1 16rem', minWidth: 0 }}>
        <Box aria-hidden sx={{ color: 'text.secondary', display: 'flex', pt: 0.25 }}>
          {revoked ? <BlockIcon /> : <KeyOutlinedIcon />}
        </Box>
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{apiKey.name}</Typography>
            <Typography component="code" dir="ltr" sx={{ fontFamily: MONOSPACE, fontSize: 13 }}>
              {apiKey.hint}
            </Typography>
            {revoked && <Chip size="small" label={t('apiKeys.revoked')} />}
          </Box>
          <Box
            component="ul"
            aria-label={t('apiKeys.scopesLabel')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, my: 0.75 }}
          >
            {apiKey.scopes.map((scope) => (
              <li key={scope}>
                <Chip size="small" variant="outlined" label={scopeName(t, scope)} />
              </li>
            ))}
          </Box>
          <Typography variant="body2" color="textSecondary">
            {t('apiKeys.createdBy', { date: format.date(apiKey.createdAt), name: apiKey.createdBy.name })}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {revoked ? (
              t('apiKeys.revokedOn', { date: format.date(apiKey.revokedAt!, { withTime: true }) })
            ) : apiKey.lastUsedAt ? (
              <Tooltip title={format.date(apiKey.lastUsedAt, { withTime: true })} describeChild>
                <span>{t('apiKeys.lastUsed', { when: format.relative(apiKey.lastUsedAt, Date.now()) })}</span>
              </Tooltip>
            ) : (
              t('apiKeys.neverUsed')
            )}
          </Typography>
        </Box>
      </Box>
      {!revoked && (
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={() => setAsking(true)}
          aria-label={t('apiKeys.revokeLabel', { name: apiKey.name })}
          sx={{ ml: 'auto', flexShrink: 0 }}
        >
          {t('apiKeys.revoke')}
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        title={t('apiKeys.revokeTitle', { name: apiKey.name })}
        text={t('apiKeys.revokeText')}
        confirmLabel={t('apiKeys.revoke')}
        cancelLabel={t('apiKeys.form.cancel')}
        danger
        onConfirm={onConfirm}
        {...dialog.confirmProps}
      />
    </ListItem>
  );
}
