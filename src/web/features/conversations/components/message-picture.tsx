import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { Box, ButtonBase, Dialog, DialogContent, IconButton, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessagePicture, useObjectUrl } from '../api/message-picture.api';

/** A message's picture: a thumbnail in the thread that opens the larger one. */
export function MessagePicture({
  conversationId,
  picture,
  author,
}: {
  conversationId: string;
  picture: string;
  author: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const thumb = useMessagePicture(conversationId, picture, 'thumb');
  const full = useMessagePicture(conversationId, picture, 'full', open);
  const thumbUrl = useObjectUrl(thumb.data);
  const fullUrl = useObjectUrl(full.data);
  const alt = t('conversations.picture.alt', { name: author });

  if (thumb.isError)
    return (
      <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, opacity: 0.85 }}>
        <BrokenImageOutlined fontSize="small" aria-hidden />
        {t('conversations.picture.unavailable')}
      </Typography>
    );
  if (!thumbUrl)
    return <Skeleton variant="rounded" width={200} height={150} role="status" aria-busy aria-label={alt} />;
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label={t('conversations.picture.open', { name: author })}
        sx={{ borderRadius: 1, overflow: 'hidden', display: 'block' }}
      >
        <Box
          component="img"
          src={thumbUrl}
          alt={alt}
          sx={{
            display: 'block',
            maxWidth: '100%',
            width: 240,
            height: 'auto',
            maxHeight: 240,
            objectFit: 'cover',
          }}
        />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" aria-label={alt}>
        <IconButton
          onClick={() => setOpen(false)}
          aria-label={t('conversations.picture.close')}
          sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper' }}
        >
          <CloseIcon />
        </IconButton>
        <DialogContent sx={{ p: 0 }}>
          {full.isError ? (
            <Typography sx={{ p: 3 }}>{t('conversations.picture.unavailable')}</Typography>
          ) : fullUrl ? (
            <Box
              component="img"
              src={fullUrl}
              alt={alt}
              sx={{ display: 'block', maxWidth: '100%', maxHeight: '85vh' }}
            />
          ) : (
            <Skeleton variant="rectangular" width={480} height={360} />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
