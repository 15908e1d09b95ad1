import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Media } from '../../../../shared/schemas/notification.schema';

interface Props {
  media: Media;
  /** The business's name, for the alternative texts. */
  name: string;
  /** The post's own page: the picture whole (contain), else cropped to the card. */
  full?: boolean;
}

/** A file size in the reader's language: "16 kB", "1.2 MB". */
function fileSize(bytes: number, language: string) {
  const large = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: large ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: large ? 1 : 0,
  }).format(bytes / (large ? 1024 * 1024 : 1024));
}

/**
 * What a post shows under its text: its picture; a video that plays in place (its
 * poster first, nothing fetched until played, then by range); a PDF's first page that opens the file,
 * with a button saying what it is and how large.
 */
export function PostMedia({ media, name, full }: Props) {
  const { t, i18n } = useTranslation();
  const frame = {
    display: 'block',
    width: '100%',
    height: 'auto',
    maxHeight: full ? 720 : 440,
    objectFit: full ? 'contain' : 'cover',
    bgcolor: 'action.hover',
  } as const;

  if (media.kind === 'video' && media.fileUrl) {
    return (
      <Box
        component="video"
        src={media.fileUrl}
        poster={media.url}
        controls
        playsInline
        preload="none"
        width={media.width}
        height={media.height}
        aria-label={t('notifications.post.videoAlt', { name })}
        sx={{ ...frame, objectFit: 'contain', bgcolor: 'common.black' }}
      />
    );
  }

  const picture = (
    <Box
      component="img"
      src={media.url}
      alt={t(media.kind === 'pdf' ? 'notifications.post.pdfAlt' : 'notifications.post.pictureAlt', { name })}
      loading="lazy"
      width={media.width}
      height={media.height}
      sx={media.kind === 'pdf' ? { ...frame, maxHeight: 360, objectFit: 'contain', py: 2 } : frame}
    />
  );
  if (media.kind !== 'pdf' || !media.fileUrl) return picture;

  return (
    <Box>
      <Link href={media.fileUrl} target="_blank" rel="noopener" aria-label={t('notifications.post.openPdf')}>
        {picture}
      </Link>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, pt: 1.5 }}>
        <PictureAsPdfOutlinedIcon color="error" aria-hidden />
        <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }}>
          {t('notifications.post.pdfLabel', { size: fileSize(media.fileBytes ?? 0, i18n.language) })}
        </Typography>
        <Button
          size="small"
          href={media.fileUrl}
          target="_blank"
          rel="noopener"
          endIcon={<OpenInNewIcon fontSize="small" />}
        >
          {t('notifications.post.openPdf')}
        </Button>
      </Stack>
    </Box>
  );
}
