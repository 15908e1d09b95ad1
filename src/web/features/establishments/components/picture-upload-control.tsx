import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import { UploadWithPreview } from '../../../components/upload-with-preview';
import { useUploadEstablishmentPicture } from '../../../lib/api/establishments.api';
import { translateMessage } from '../../../lib/translate-message';

interface Props {
  establishmentId: string;
  which: 'logo' | 'cover';
  /** The current picture's address, if any. */
  src: string | undefined;
  disabled?: boolean;
}

/** The logo (square) or cover (wide) with a preview while it uploads, and its error under it. */
export function PictureUploadControl({ establishmentId, which, src, disabled }: Props) {
  const { t } = useTranslation();
  const upload = useUploadEstablishmentPicture(establishmentId, which);
  const isLogo = which === 'logo';
  return (
    <Stack spacing={1.5} sx={{ minWidth: 0, maxWidth: isLogo ? { sm: 200 } : undefined }}>
      <Typography variant="subtitle1" component="h3">
        {t(`establishmentPage.profile.${which}.title`)}
      </Typography>
      <UploadWithPreview
        shape={isLogo ? 'square' : 'wide'}
        src={src}
        disabled={disabled}
        upload={async (file) => {
          const { message } = await upload.mutateAsync(file);
          return translateMessage(t, message ?? Msg.establishmentUpdated);
        }}
        fallback={<StorefrontOutlinedIcon aria-hidden sx={{ fontSize: 48, opacity: 0.8 }} />}
        labels={{
          button: t(`establishmentPage.profile.${which}.${src ? 'change' : 'upload'}`),
          uploading: t('establishmentPage.profile.uploading'),
          alt: t(`establishmentPage.profile.${which}.alt`),
          previewAlt: t('establishmentPage.profile.previewAlt'),
          hint: t(`establishmentPage.profile.${which}.hint`),
        }}
      />
    </Stack>
  );
}
