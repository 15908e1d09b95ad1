import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { Avatar } from '@mui/material';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { logoUrl } from '../../../lib/media-urls';

interface Props {
  establishment: Pick<Establishment, 'name' | 'logo'>;
  size?: number;
}

/** The establishment's logo (/image/logo/{logo}.jpeg), or a shop icon when it has none. */
export function EstablishmentAvatar({ establishment, size = 40 }: Props) {
  const src = logoUrl(establishment.logo);
  return (
    <Avatar
      src={src}
      // The name is always written beside the logo, so the picture itself is decorative.
      alt=""
      variant="rounded"
      sx={{
        width: size,
        height: size,
        borderRadius: size >= 56 ? 2 : 1,
        bgcolor: src ? 'transparent' : 'primary.main',
        color: 'primary.contrastText',
        border: src ? 1 : 0,
        borderColor: 'divider',
        flexShrink: 0,
      }}
    >
      <StorefrontOutlined sx={{ fontSize: size * 0.55 }} />
    </Avatar>
  );
}
