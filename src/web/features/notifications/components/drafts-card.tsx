import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { Box, Button, ListItem, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draft, DraftKind } from '../../../../shared/schemas/draft.schema';
import { ListCard } from '../../../components/list-card';
import { RelativeTime } from '../../../components/relative-time';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useDeleteDraft, useDrafts } from '../api/drafts.api';
import { failureText } from './compose-helpers';
import { useStartComposeWith } from './compose-seed';

/**
 * An establishment's drafts and templates: each opens in the compose card ("Use"); a
 * draft or template no longer wanted is deleted.
 */
export function DraftsCard({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<DraftKind>('draft');
  const query = useDrafts(establishmentId, kind);
  const startWith = useStartComposeWith(establishmentId);
  const remove = useDeleteDraft();
  const { enqueueSnackbar } = useSnackbar();

  const use = (draft: Draft) => {
    const { content } = draft;
    startWith({
      text: content.text,
      title: content.title,
      link: content.link,
      actions: content.actions,
      translations: content.translations,
      richTranslations: content.richTranslations,
      media: content.mediaId && content.mediaUrl ? { id: content.mediaId, url: content.mediaUrl } : null,
    });
  };
  const del = async (draft: Draft) => {
    try {
      const { message } = await remove.mutateAsync(draft.id);
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
    } catch (caught) {
      enqueueSnackbar(failureText(t, caught), { variant: 'error' });
    }
  };

  return (
    <ListCard
      title={t('drafts.title')}
      subtitle={t('drafts.subtitle')}
      controls={
        <Box>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={kind}
            onChange={(_, next: DraftKind | null) => next && setKind(next)}
            aria-label={t('drafts.kindLabel')}
          >
            <ToggleButton value="draft">{t('drafts.drafts')}</ToggleButton>
            <ToggleButton value="template">{t('drafts.templates')}</ToggleButton>
          </ToggleButtonGroup>
        </Box>
      }
      items={query.data}
      failure={query.isError && !query.data ? apiErrorText(t, query.error) : undefined}
      retryLabel={t('drafts.retry')}
      onRetry={() => void query.refetch()}
      loadingLabel={t('drafts.loading')}
      picture="rounded"
      empty={{
        text: kind === 'draft' ? t('drafts.emptyDrafts') : t('drafts.emptyTemplates'),
        hint: t('drafts.emptyHint'),
      }}
      renderItem={(draft) => (
        <ListItem key={draft.id} divider disableGutters sx={{ display: 'block', py: 1.5 }}>
          <Typography
            variant="subtitle2"
            component="p"
            dir="auto"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {draft.name}
          </Typography>
          {draft.content.text && (
            <Typography
              variant="body2"
              dir="auto"
              sx={{
                color: 'text.secondary',
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'anywhere',
              }}
            >
              {draft.content.text}
            </Typography>
          )}
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <Typography variant="caption" sx={{ color: 'text.secondary', mr: 'auto' }}>
              {draft.authorName ? `${draft.authorName} · ` : ''}
              <RelativeTime iso={draft.updatedAt} />
            </Typography>
            <Button
              size="small"
              startIcon={<EditNoteIcon />}
              onClick={() => use(draft)}
              aria-label={t('drafts.useLabel', { name: draft.name })}
            >
              {t('drafts.use')}
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={() => void del(draft)}
              aria-label={t('drafts.deleteLabel', { name: draft.name })}
            >
              {t('drafts.delete')}
            </Button>
          </Box>
        </ListItem>
      )}
    />
  );
}
