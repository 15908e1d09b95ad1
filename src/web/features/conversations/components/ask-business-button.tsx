import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGE_TEXT_MAX } from '../../../../shared/schemas/conversation.schema';
import { GuestEmailOffer } from '../../../components/guest-email-offer';
import { useSession } from '../../../lib/session';
import { useCan } from '../../../lib/use-can';
import { useAskBusiness } from '../api/conversations.api';
import { conversationErrorText } from '../conversation-message';

interface Props {
  establishment: { id: string; name: string; publicId?: string };
  /** Asked from this post. */
  postId?: string;
}

/**
 * "Ask the business": a follower writes privately to the business, from its page or a post. A
 * guest follower is offered to add an email first; anyone else who may not ask sees nothing.
 */
export function AskBusinessButton({ establishment, postId }: Props) {
  const { t } = useTranslation();
  const { user } = useSession();
  const can = useCan();
  const [open, setOpen] = useState(false);
  const follows = user?.establishments.some(
    (m) => m.establishmentId === establishment.id && m.kind === 'customer',
  );
  if (!user || !follows) return null;
  if (user.guest) return <GuestEmailOffer publicId={establishment.publicId} />;
  if (!can('conversation:start', { establishmentId: establishment.id })) return null;
  return (
    <>
      <Button variant="outlined" startIcon={<ChatBubbleOutlineOutlined />} onClick={() => setOpen(true)}>
        {t('conversations.ask.button')}
      </Button>
      {open && <AskDialog establishment={establishment} postId={postId} onClose={() => setOpen(false)} />}
    </>
  );
}

function AskDialog({ establishment, postId, onClose }: Props & { onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ask = useAskBusiness(establishment.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('conversations.form.required'));
      return;
    }
    try {
      const { conversation } = await ask.mutateAsync({ text: text.trim(), postId });
      onClose();
      navigate(`/app/messages/${conversation.id}`);
    } catch (caught) {
      setError(conversationErrorText(t, caught));
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('conversations.ask.title', { name: establishment.name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            {t('conversations.ask.hint', { name: establishment.name })}
          </Typography>
          <TextField
            label={t('conversations.form.label')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            error={Boolean(error)}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: MESSAGE_TEXT_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={ask.isPending}>
            {t('conversations.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={ask.isPending}>
            {t('conversations.form.send')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
