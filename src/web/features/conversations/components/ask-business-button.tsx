import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGE_TEXT_MAX } from '../../../../shared/schemas/conversation.schema';
import { GuestEmailOffer } from '../../../components/guest-email-offer';
import { MessageDialog } from '../../../components/message-dialog';
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

  const send = async (text: string) => {
    try {
      const { conversation } = await ask.mutateAsync({ text, postId });
      onClose();
      navigate(`/app/messages/${conversation.id}`);
      return undefined;
    } catch (caught) {
      return conversationErrorText(t, caught);
    }
  };

  return (
    <MessageDialog
      open
      onClose={onClose}
      title={t('conversations.ask.title', { name: establishment.name })}
      hint={t('conversations.ask.hint', { name: establishment.name })}
      labels={{
        field: t('conversations.form.label'),
        cancel: t('conversations.form.cancel'),
        send: t('conversations.form.send'),
        required: t('conversations.form.required'),
      }}
      maxLength={MESSAGE_TEXT_MAX}
      pending={ask.isPending}
      send={send}
    />
  );
}
