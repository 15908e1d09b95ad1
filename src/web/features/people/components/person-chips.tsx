import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { Avatar, Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '../../../../shared/schemas/user-management.schema';
import { userInitials } from '../../../lib/initials';

/** Whether the person confirmed their email: the list's one state at a glance. */
export function VerifiedChip({ person }: { person: Pick<ManagedUser, 'emailVerified'> }) {
  const { t } = useTranslation();
  // Filled chips: outlined warning and success text is too pale on white (WCAG AA contrast).
  return person.emailVerified ? (
    <Chip size="small" color="success" icon={<VerifiedOutlined />} label={t('people.verified')} />
  ) : (
    <Chip size="small" icon={<HourglassEmptyOutlined />} label={t('people.unverified')} />
  );
}

/** Shown only when the person gets discounted prices on all products. */
export function DiscountChip({ person }: { person: Pick<ManagedUser, 'discountedPrices'> }) {
  const { t } = useTranslation();
  if (!person.discountedPrices) return null;
  return <Chip size="small" color="secondary" icon={<LocalOfferOutlined />} label={t('people.discounted')} />;
}

/** Initials on the primary colour (the default grey is too pale for white letters). */
export function PersonAvatar({
  person,
  size,
}: {
  person: Pick<ManagedUser, 'firstName' | 'lastName'>;
  size: number;
}) {
  return (
    <Avatar
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      {userInitials(person)}
    </Avatar>
  );
}
