import { Avatar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { nameInitials } from '../../../../lib/initials';
import { logoUrl } from '../../../../lib/media-urls';

/** A business's logo as a circle with a ring, or its initials on the brand colour when it has none. */
export function EstablishmentLogo({
  name,
  logo,
  size,
  ring = 4,
}: {
  name: string;
  logo: string | null;
  size: number | { xs: number; md: number };
  ring?: number;
}) {
  const { t } = useTranslation();
  return (
    <Avatar
      src={logoUrl(logo)}
      alt={logo ? t('publicPage.logoAlt', { name }) : undefined}
      slotProps={{ img: { width: 512, height: 512, decoding: 'async' } }}
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        border: ring,
        borderColor: 'background.paper',
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 700,
        fontSize: typeof size === 'number' ? size * 0.36 : { xs: size.xs * 0.36, md: size.md * 0.36 },
        boxShadow: 2,
      }}
    >
      {nameInitials(name)}
    </Avatar>
  );
}
