import PostAddOutlinedIcon from '@mui/icons-material/PostAddOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import {
  PUSH_PAYLOAD_LIMIT,
  pushBytesLeft,
  pushMessageOf,
  RECEIPT_TOKEN_RESERVE,
} from '../../../../shared/push/payload';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import {
  EditPostBodySchema,
  type Media,
  NOTIFICATION_TEXT_MAX,
} from '../../../../shared/schemas/notification.schema';
import { zonedToInstant } from '../../../../shared/zoned-time';
import { ApiError } from '../../../lib/api-client';
import { imageFileProblem } from '../../../lib/image-file';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { establishmentKeys } from '../../establishments/api/establishment-keys';
import { preferenceKeys } from '../../preferences/api/preferences.api';
import { useSendNotification, useUploadMedia } from '../api/notifications.api';
import { failureText, newComposeKey, PREVIEW_ID, uploadFailureText } from './compose-helpers';
import { MediaPicker } from './media-picker';
import { PushPreview } from './push-preview';
import { ScheduleField, type SendMode } from './schedule-field';
import { problemText, scheduledInstant, scheduleMessageText, suggestedWallTime } from './schedule-helpers';
import { TargetingField } from './targeting-field';
import { ValidUntilField, validUntilInstant, validUntilMessageText } from './valid-until-field';

/** Write a notification with an optional picture, see it as a phone will, and send it (or send and post it). */
export function ComposeCard({ establishment }: { establishment: Establishment }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const format = useLocaleFormat();
  const upload = useUploadMedia(establishment.id);
  const send = useSendNotification(establishment.id);
  const form = useApiForm(EditPostBodySchema, { defaultValues: { text: '' } });
  const text = form.watch('text') ?? '';
  const [media, setMedia] = useState<Media | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [mediaError, setMediaError] = useState<string | null>(null);
  const [sending, setSending] = useState<'send' | 'post' | null>(null);
  // Preferences the send is targeted at; none: every follower.
  const [targets, setTargets] = useState<string[]>([]);
  const [targetError, setTargetError] = useState<string | null>(null);
  // One Idempotency-Key per compose, renewed after each successful send.
  const composeKey = useRef(newComposeKey());
  const [failure, setFailure] = useState<string | null>(null);
  // Send now, or at a date and time on the establishment's clock (issue 16).
  const [mode, setMode] = useState<SendMode>('now');
  const [when, setWhen] = useState(() => ({ date: '', time: '' }));
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  // An offer's end on the same clock (issue 26): off unless asked.
  const [ends, setEnds] = useState(false);
  const [until, setUntil] = useState(() => ({ date: '', time: '' }));
  const [untilError, setUntilError] = useState<string | null>(null);
  const titleId = useId();

  // The local preview's object URL is released when replaced or when the card goes away.
  useEffect(() => () => void (localPreview && URL.revokeObjectURL(localPreview)), [localPreview]);

  // The message exactly as the server will build it, so the byte count is the real one.
  const message = useMemo(
    () =>
      pushMessageOf({
        id: PREVIEW_ID,
        establishmentId: establishment.id,
        establishmentName: establishment.name,
        text: text.trim(),
        logo: establishment.logo,
        media: media?.id ?? null,
        createdAt: Date.now(),
      }),
    [establishment.id, establishment.name, establishment.logo, text, media],
  );
  const left = pushBytesLeft(message);
  const budget = PUSH_PAYLOAD_LIMIT - RECEIPT_TOKEN_RESERVE;
  const used = Math.min(100, Math.max(0, ((budget - left) / budget) * 100));
  const over = left < 0;
  const fieldError = form.formState.errors.text?.message;
  const textError = fieldError
    ? translateMessage(t, fieldError)
    : over
      ? translateMessage(t, Msg.pushTooLarge)
      : null;
  const busy = sending !== null;

  const onFile = async (file: File) => {
    setMediaError(null);
    const problem = imageFileProblem(t, file);
    if (problem) {
      setMediaError(problem);
      return;
    }
    setMedia(null);
    setLocalPreview(URL.createObjectURL(file));
    try {
      setMedia(await upload.mutateAsync(file));
    } catch (caught) {
      setMediaError(uploadFailureText(t, caught));
    } finally {
      setLocalPreview(null);
    }
  };

  const submit = (post: boolean) =>
    form.handleSubmit(async ({ text: written }) => {
      if (over) return;
      const scheduled = mode === 'later' ? scheduledInstant(when, establishment.timeZone) : null;
      if (scheduled?.problem) {
        setScheduleError(problemText(t, scheduled.problem));
        return;
      }
      const end = ends ? validUntilInstant(until, establishment.timeZone, scheduled?.at ?? new Date()) : null;
      if (end?.problem) {
        setUntilError(validUntilMessageText(t, end.problem));
        return;
      }
      setFailure(null);
      setTargetError(null);
      setScheduleError(null);
      setUntilError(null);
      setSending(post ? 'post' : 'send');
      try {
        const answer = await send.mutateAsync({
          body: {
            text: written,
            mediaId: media?.id ?? null,
            post,
            ...(targets.length > 0 ? { preferenceIds: targets } : {}),
            ...(scheduled?.at ? { scheduledFor: scheduled.at.toISOString() } : {}),
            ...(end?.at ? { validUntil: end.at.toISOString() } : {}),
          },
          composeKey: composeKey.current,
        });
        composeKey.current = newComposeKey();
        enqueueSnackbar(scheduleMessageText(t, answer.message), { variant: 'success' });
        form.reset({ text: '' });
        setMedia(null);
        setMediaError(null);
        setTargets([]);
        setMode('now');
        setEnds(false);
      } catch (caught) {
        const fields = caught instanceof ApiError ? caught.fields : {};
        if (fields.text)
          form.setError('text', { type: 'server', message: fields.text }, { shouldFocus: true });
        if (fields.mediaId) {
          setMedia(null);
          setMediaError(translateMessage(t, fields.mediaId));
        }
        if (fields.preferenceIds) {
          // A preference deleted meanwhile: say so beside the choice and offer the current list.
          setTargetError(t('targeting.preferenceGone'));
          void queryClient.invalidateQueries({ queryKey: preferenceKeys.all });
        }
        if (fields.scheduledFor) setScheduleError(scheduleMessageText(t, fields.scheduledFor));
        if (fields.validUntil) setUntilError(validUntilMessageText(t, fields.validUntil));
        if (
          !fields.text &&
          !fields.mediaId &&
          !fields.preferenceIds &&
          !fields.scheduledFor &&
          !fields.validUntil
        )
          setFailure(failureText(t, caught));
        // Blocked or made inactive meanwhile: the page learns it and says why instead of the form.
        if (caught instanceof ApiError && caught.status === 403)
          void queryClient.invalidateQueries({ queryKey: establishmentKeys.one(establishment.id) });
      } finally {
        setSending(null);
      }
    })();

  const disabled = over || busy || upload.isPending;
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
            void submit(true);
          }}
        >
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Stack spacing={2}>
                <Box>
                  <TextField
                    {...form.register('text')}
                    label={t('notifications.compose.textLabel')}
                    placeholder={t('notifications.compose.textPlaceholder')}
                    multiline
                    minRows={5}
                    maxRows={16}
                    fullWidth
                    required
                    disabled={busy}
                    error={Boolean(textError)}
                    helperText={
                      textError ?? t('notifications.compose.bytesLeft', { left: format.number(left) })
                    }
                    slotProps={{ htmlInput: { maxLength: NOTIFICATION_TEXT_MAX + 100, dir: 'auto' } }}
                  />
                  <LinearProgress
                    variant="determinate"
                    value={used}
                    color={over ? 'error' : used > 85 ? 'warning' : 'primary'}
                    aria-label={t('notifications.compose.budgetLabel')}
                    sx={{ mt: 0.5, mx: 1.75, height: 3, borderRadius: 1 }}
                  />
                </Box>
                <MediaPicker
                  src={localPreview ?? media?.url ?? null}
                  uploading={upload.isPending}
                  error={mediaError}
                  disabled={busy}
                  onFile={onFile}
                  onRemove={() => {
                    setMedia(null);
                    setMediaError(null);
                  }}
                />
                <TargetingField
                  establishmentId={establishment.id}
                  value={targets}
                  onChange={(next) => {
                    setTargets(next);
                    setTargetError(null);
                  }}
                  disabled={busy}
                  error={targetError}
                />
                <ScheduleField
                  timeZone={establishment.timeZone}
                  mode={mode}
                  onModeChange={(next) => {
                    setMode(next);
                    setScheduleError(null);
                    if (next === 'later' && !when.date) setWhen(suggestedWallTime(establishment.timeZone));
                  }}
                  value={when}
                  onChange={(next) => {
                    setWhen(next);
                    setScheduleError(null);
                  }}
                  error={scheduleError}
                  disabled={busy}
                />
                <ValidUntilField
                  timeZone={establishment.timeZone}
                  on={ends}
                  onToggle={(next) => {
                    setEnds(next);
                    setUntilError(null);
                    // A first suggestion an hour or so after the send, on the same clock.
                    if (next && !until.date) {
                      const from =
                        mode === 'later' ? zonedToInstant(when, establishment.timeZone) : undefined;
                      setUntil(suggestedWallTime(establishment.timeZone, from?.getTime()));
                    }
                  }}
                  value={until}
                  onChange={(next) => {
                    setUntil(next);
                    setUntilError(null);
                  }}
                  error={untilError}
                  disabled={busy}
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
                body={text}
                icon={message.icon ?? '/icons/icon-192.png'}
                image={localPreview ?? media?.url ?? null}
              />
            </Grid>
            <Grid size={12}>
              {failure && (
                <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
                  {failure}
                </Alert>
              )}
              <Stack
                direction={{ xs: 'column-reverse', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'flex-end' }}
              >
                <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }}>
                  {mode === 'later' ? t('schedule.sendHint') : t('notifications.compose.sendHint')}
                </Typography>
                <Button
                  variant="outlined"
                  startIcon={<SendOutlinedIcon />}
                  onClick={() => void submit(false)}
                  disabled={disabled && sending !== 'send'}
                  loading={sending === 'send'}
                  loadingPosition="start"
                  sx={{ flexShrink: 0 }}
                >
                  {mode === 'later' ? t('schedule.schedule') : t('notifications.compose.send')}
                </Button>
                <Button
                  type="submit"
                  variant="contained"
                  startIcon={<PostAddOutlinedIcon />}
                  disabled={disabled && sending !== 'post'}
                  loading={sending === 'post'}
                  loadingPosition="start"
                  sx={{ flexShrink: 0 }}
                >
                  {mode === 'later' ? t('schedule.scheduleAndPost') : t('notifications.compose.sendAndPost')}
                </Button>
              </Stack>
            </Grid>
          </Grid>
        </Box>
      </CardContent>
    </Card>
  );
}
