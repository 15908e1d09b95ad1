import { Box, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { ComposeMessageFields } from './compose-message-fields';
import { ComposeSendBar } from './compose-send-bar';
import { ComposeTimingFields } from './compose-timing-fields';
import { PushPreview } from './push-preview';
import { TargetingField } from './targeting-field';
import { useComposeForm } from './use-compose-form';

/** Write a notification with an optional picture, see it as a phone will, and send it (or send and post it). */
export function ComposeCard({ establishment }: { establishment: Establishment }) {
  const { t } = useTranslation();
  const compose = useComposeForm(establishment);
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ mb: 2.5 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {t('notifications.compose.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('notifications.compose.subtitle', { name: establishment.name })}
          </Typography>
        </Box>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void compose.submit(true);
          }}
        >
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Stack spacing={2}>
                <ComposeMessageFields
                  textField={compose.textField}
                  textError={compose.textError}
                  budget={compose.budget}
                  picture={compose.picture}
                  disabled={compose.busy}
                />
                <TargetingField
                  establishmentId={establishment.id}
                  {...compose.targeting}
                  disabled={compose.busy}
                />
                <ComposeTimingFields
                  timeZone={establishment.timeZone}
                  timing={compose.timing}
                  disabled={compose.busy}
                />
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 0.25 }}>
                {t('notifications.compose.previewTitle')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
                {t('notifications.compose.previewHint')}
              </Typography>
              <PushPreview
                title={establishment.name}
                body={compose.text}
                icon={compose.budget.message.icon ?? '/icons/icon-192.png'}
                image={compose.picture.src}
              />
            </Grid>
            <Grid size={12}>
              <ComposeSendBar
                failure={compose.failure}
                onDismissFailure={compose.dismissFailure}
                later={compose.timing.schedule.mode === 'later'}
                sending={compose.sending}
                disabled={compose.disabled}
                onSend={() => void compose.submit(false)}
              />
            </Grid>
          </Grid>
        </Box>
      </CardContent>
    </Card>
  );
}
