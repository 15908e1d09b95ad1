import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel, required } from '../../../../shared/messages';
import { DRAFT_NAME_MAX, type DraftKind } from '../../../../shared/schemas/draft.schema';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/translate-message';
import { useCreateDraft } from '../api/drafts.api';
import { failureText } from './compose-helpers';
import type { ComposeSeed } from './compose-seed';

/** A name to start from: the title, else the text's first line, cut to the limit. */
export function suggestedDraftName(seed: ComposeSeed): string {
  const line = seed.title.trim() || (seed.text.split('\n').find((l) => l.trim()) ?? '').trim();
  return [...line].slice(0, DRAFT_NAME_MAX).join('');
}

interface Props {
  establishmentId: string;
  /** Which to save; null: closed. */
  kind: DraftKind | null;
  seed: ComposeSeed;
  onClose(): void;
}

/** Keep the compose form as a draft or a template, under a name the operator may change. */
export function SaveDraftDialog({ establishmentId, kind, seed, onClose }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateDraft(establishmentId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  const save = async () => {
    if (!kind) return;
    if (!name.trim()) {
      setError(translateMessage(t, required(FieldLabel.name)));
      return;
    }
    setError(null);
    try {
      const { message } = await create.mutateAsync({
        kind,
        name,
        content: {
          text: seed.text,
          title: seed.title,
          link: seed.link,
          actions: seed.actions,
          mediaId: seed.media?.id ?? null,
          translations: seed.translations ?? {},
          richTranslations: seed.richTranslations ?? {},
        },
      });
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
      onClose();
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.fields : {};
      setError(fields.name ? translateMessage(t, fields.name) : failureText(t, caught));
    }
  };

  return (
    <Dialog
      open={kind !== null}
      onClose={() => !create.isPending && onClose()}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{
        transition: {
          onEnter: () => {
            setName(suggestedDraftName(seed));
            setError(null);
          },
        },
      }}
    >
      <DialogTitle id={titleId}>
        {kind === 'template' ? t('drafts.saveTemplate') : t('drafts.saveDraft')}
      </DialogTitle>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <DialogContent sx={{ pt: 1 }}>
          <TextField
            label={t('drafts.name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? (kind === 'template' ? t('drafts.templateHint') : t('drafts.draftHint'))}
            slotProps={{ htmlInput: { maxLength: DRAFT_NAME_MAX + 20, dir: 'auto' } }}
            required
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('drafts.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('drafts.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
