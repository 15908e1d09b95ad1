import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftKind } from '../../../../shared/schemas/draft.schema';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { useFormProblems } from '../../../lib/use-form-problems';
import { ComposeMessageFields } from './compose-message-fields';
import { ComposeRichFields } from './compose-rich-fields';
import { useComposeSeed } from './compose-seed';
import { ComposeSendBar } from './compose-send-bar';
import { ComposeTimingFields } from './compose-timing-fields';
import { ComposeTranslationFields } from './compose-translation-fields';
import { PushPreview } from './push-preview';
import { SaveDraftDialog } from './save-draft-dialog';
import { TargetingField } from './targeting-field';
import { useComposeForm } from './use-compose-form';

/** Write a notification with an optional picture, see it as a phone will, and send it (or send and post it). */
export function ComposeCard({ establishment }: { establishment: Establishment }) {
  const { t } = useTranslation();
  const compose = useComposeForm(establishment);
  const titleId = useId();
  const cardRef = useRef<HTMLElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { problems } = useFormProblems(formRef, compose.refusals);
  const [saving, setSaving] = useState<DraftKind | null>(null);
  // A draft, a template or a past post handed over: the form takes it, in view.
  useComposeSeed((seed) => {
    compose.load(seed);
    cardRef.current?.scrollIntoView?.({ block: 'start' });
    cardRef.current?.querySelector('textarea')?.focus({ preventScroll: true });
  });
  const seed = compose.seed();
  const empty = !seed.text.trim() && !seed.title.trim() && seed.actions.length === 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} ref={cardRef}>
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
          ref={formRef}
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
                <ComposeRichFields rich={compose.rich} name={establishment.name} disabled={compose.busy} />
                <ComposeTranslationFields rich={compose.rich} disabled={compose.busy} />
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
                title={compose.budget.message.title}
                actions={compose.budget.message.actions?.map((action) => action.title) ?? []}
                body={compose.text}
                icon={compose.budget.message.icon ?? '/icons/icon-192.png'}
                image={compose.picture.src}
              />
            </Grid>
            <Grid size={12}>
              <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap' }}>
                <Button
                  size="small"
                  startIcon={<SaveOutlinedIcon />}
                  disabled={empty || compose.busy}
                  onClick={() => setSaving('draft')}
                >
                  {t('drafts.saveDraft')}
                </Button>
                <Button
                  size="small"
                  startIcon={<BookmarkAddOutlinedIcon />}
                  disabled={empty || compose.busy}
                  onClick={() => setSaving('template')}
                >
                  {t('drafts.saveTemplate')}
                </Button>
              </Stack>
              <ComposeSendBar
                failure={compose.failure}
                onDismissFailure={compose.dismissFailure}
                problems={problems}
                later={compose.timing.schedule.mode === 'later'}
                sending={compose.sending}
                disabled={compose.disabled}
                onSend={() => void compose.submit(false)}
              />
            </Grid>
          </Grid>
        </Box>
      </CardContent>
      <SaveDraftDialog
        establishmentId={establishment.id}
        kind={saving}
        seed={seed}
        onClose={() => setSaving(null)}
      />
    </Card>
  );
}
