import { FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import { takeOver, timeOfMinute, upcomingOccurrences } from '../../../../shared/recurrence';
import { EditPostBodySchema, type Post } from '../../../../shared/schemas/notification.schema';
import { instantToZoned, type WallTime } from '../../../../shared/zoned-time';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useDialogAction } from '../../../lib/use-dialog-action';
import { useEditScheduled, useUpdateWeeklySend } from '../api/scheduled.api';
import { failureText } from './compose-helpers';
import { LocalTimeField } from './local-time-field';
import { PostTextDialog } from './post-text-dialog';
import { NEXT_SENDS_SHOWN } from './repeat-field';
import { WhenFields } from './schedule-field';
import { problemText, scheduledInstant, scheduleMessageText } from './schedule-helpers';
import { useWeeklyRule } from './use-weekly-rule';
import { WeeklyRuleFields } from './weekly-rule-fields';

interface Props {
  /** The scheduled send being edited; null: closed. */
  post: Post | null;
  timeZone: string;
  onClose(): void;
}

const wallOf = (post: Post | null, timeZone: string): WallTime =>
  post?.scheduledFor ? instantToZoned(post.scheduledFor, timeZone) : { date: '', time: '' };

/** What a weekly send's edit changes: this send's date and time only, or the rule of every send from it on. */
type Scope = 'one' | 'all';

/**
 * Change a scheduled send's text, date and time until it goes; for a weekly send, its rule instead
 * if asked (days, time, end, each follower's local time or not, with its next sends shown). The
 * server's messages land beside the fields.
 */
export function EditScheduledDialog({ post, timeZone, onClose }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const edit = useEditScheduled();
  const updateRule = useUpdateWeeklySend();
  const pending = edit.isPending || updateRule.isPending;
  const action = useDialogAction(pending, onClose);
  const form = useApiForm(EditPostBodySchema, { defaultValues: { text: post?.text ?? '' } });
  const [when, setWhen] = useState<WallTime>(() => wallOf(post, timeZone));
  const [whenError, setWhenError] = useState<string | null>(null);
  const weekly = post?.recurrence && !post.recurrence.ended ? post.recurrence : null;
  const [scope, setScope] = useState<Scope>('all');
  const rule = useWeeklyRule();
  // A weekly send's rule also says whether it goes at each follower's local time.
  const [localTime, setLocalTime] = useState(false);
  // This send's own clock ("this send only", or a send that does not repeat).
  const [sendLocal, setSendLocal] = useState(false);
  const [localTimeError, setLocalTimeError] = useState<string | null>(null);
  const scopeId = useId();
  const textError = form.formState.errors.text?.message;
  const { reset } = form;

  // Each opening starts from the send as it is now, and a weekly one from its rule.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rule.load is a new function each render.
  useEffect(() => {
    if (!post) return;
    reset({ text: post.text });
    setWhen(wallOf(post, timeZone));
    setWhenError(null);
    setScope('all');
    rule.load(post.recurrence);
    setLocalTime(post.recurrence?.localTime ?? false);
    setSendLocal(post.localTime);
    setLocalTimeError(null);
  }, [post, timeZone, reset]);

  // The rule as set now, where it takes over (from the waiting send's day on) and the sends it makes.
  const fallback = weekly ? { weekday: weekly.weekday, time: weekly.time } : null;
  const newRule = fallback ? rule.ruleOf(fallback) : null;
  const waiting = post?.scheduledFor ? new Date(post.scheduledFor) : null;
  const takesOver =
    newRule && waiting && newRule.weekdays.length > 0
      ? takeOver(newRule, waiting, new Date(), timeZone)
      : null;
  const timingChanged =
    weekly !== null &&
    newRule !== null &&
    (newRule.weekdays.join() !== weekly.weekdays.join() ||
      timeOfMinute(newRule.minuteOfDay) !== weekly.time ||
      newRule.until !== weekly.until);
  const ruleChanged = timingChanged || (weekly !== null && localTime !== weekly.localTime);

  // Unchanged, the waiting send stays where it is (it may have been moved on its own).
  const firstSend = timingChanged ? takesOver : waiting;
  const nextSends =
    newRule && firstSend ? upcomingOccurrences(newRule, firstSend, timeZone, NEXT_SENDS_SHOWN) : [];

  const fieldProblems = (caught: unknown) => {
    const fields = caught instanceof ApiError ? caught.fields : {};
    if (fields.text) form.setError('text', { type: 'server', message: fields.text }, { shouldFocus: true });
    if (fields.scheduledFor) setWhenError(scheduleMessageText(t, fields.scheduledFor));
    if (fields.localTime) setLocalTimeError(translateMessage(t, fields.localTime));
    const inRule = rule.applyServerFields(t, fields);
    if (fields.text || fields.scheduledFor || fields.localTime || inRule) return null;
    return caught instanceof ApiError ? scheduleMessageText(t, caught.message) : failureText(t, caught);
  };

  /** Every week: the text (if changed) and the rule (if changed), the rule's problems said first. */
  const saveRule = async (text: string) => {
    if (!post || !weekly || !fallback || !newRule) return;
    if (!rule.check(t, takesOver ?? waiting ?? new Date(), timeZone, fallback)) return;
    if (timingChanged && !takesOver) return rule.refuse('until', translateMessage(t, Msg.repeatNeverFires));
    if (!ruleChanged && text === post.text) return action.close();
    await action.run(async () => {
      let message: string | undefined = Msg.scheduleUpdated;
      if (text !== post.text) message = (await edit.mutateAsync({ id: post.id, text })).message;
      if (ruleChanged) {
        const body = {
          weekdays: newRule.weekdays,
          time: timeOfMinute(newRule.minuteOfDay),
          until: newRule.until,
          localTime,
        };
        message = (await updateRule.mutateAsync({ id: weekly.id, ...body })).message;
      }
      enqueueSnackbar(scheduleMessageText(t, message), { variant: 'success' });
    }, fieldProblems);
  };

  const save = form.handleSubmit(async ({ text }) => {
    if (!post) return;
    if (weekly && scope === 'all') return saveRule(text);
    const initial = wallOf(post, timeZone);
    const moved = when.date !== initial.date || when.time !== initial.time;
    const clockChanged = sendLocal !== post.localTime;
    if (!moved && !clockChanged && text === post.text) {
      action.close();
      return;
    }
    // Only a time that changed is checked and sent: a send due in a few seconds keeps its text editable.
    const scheduled = moved ? scheduledInstant(when, timeZone) : null;
    if (scheduled?.problem) {
      setWhenError(problemText(t, scheduled.problem));
      return;
    }
    await action.run(async () => {
      const answer = await edit.mutateAsync({
        id: post.id,
        ...(text !== post.text ? { text } : {}),
        ...(scheduled?.at ? { scheduledFor: scheduled.at.toISOString() } : {}),
        ...(clockChanged ? { localTime: sendLocal } : {}),
      });
      enqueueSnackbar(scheduleMessageText(t, answer.message), { variant: 'success' });
    }, fieldProblems);
  });

  return (
    <PostTextDialog
      open={post !== null}
      title={t('schedule.editDialog.title')}
      intro={weekly ? t('weekly.editText') : t('schedule.editDialog.text')}
      textField={form.register('text')}
      textError={textError ? scheduleMessageText(t, textError) : null}
      required
      pending={pending}
      failure={action.failure}
      cancelLabel={t('schedule.editDialog.close')}
      saveLabel={t('schedule.editDialog.save')}
      onSubmit={save}
      onClose={action.close}
    >
      <Stack spacing={2} sx={{ mt: 2.5 }}>
        {weekly && (
          <div>
            <FormLabel id={scopeId}>{t('weekly.scopeLabel')}</FormLabel>
            <RadioGroup
              aria-labelledby={scopeId}
              value={scope}
              onChange={(event) => setScope(event.target.value as Scope)}
            >
              <FormControlLabel
                value="all"
                control={<Radio />}
                label={t('weekly.scopeAll')}
                disabled={pending}
              />
              <FormControlLabel
                value="one"
                control={<Radio />}
                label={t('weekly.scopeOne')}
                disabled={pending}
              />
            </RadioGroup>
          </div>
        )}
        {weekly && scope === 'all' && newRule ? (
          <WeeklyRuleFields
            timeZone={timeZone}
            rule={rule}
            weekdays={newRule.weekdays}
            withTime
            minDate={instantToZoned(Date.now(), timeZone).date}
            next={nextSends}
            disabled={pending}
            localTime={{
              checked: localTime,
              onChange: (next) => {
                setLocalTime(next);
                setLocalTimeError(null);
              },
              error: localTimeError,
            }}
          />
        ) : (
          <>
            <WhenFields
              timeZone={timeZone}
              value={when}
              onChange={(next) => {
                setWhen(next);
                setWhenError(null);
              }}
              error={whenError}
              disabled={pending}
            />
            {when.time && (
              <LocalTimeField
                time={when.time}
                checked={sendLocal}
                onChange={(next) => {
                  setSendLocal(next);
                  setLocalTimeError(null);
                }}
                error={localTimeError}
                disabled={pending}
              />
            )}
          </>
        )}
      </Stack>
    </PostTextDialog>
  );
}
