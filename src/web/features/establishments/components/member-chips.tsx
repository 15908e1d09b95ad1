import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { Chip, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../shared/schemas/establishment.schema';

/**
 * "Waiting for email confirmation": a follower whose email is not confirmed yet, listed but neither
 * counted as a follower nor sent notifications until they confirm (the establishment's waitingCount).
 * Nothing for a confirmed follower, nor for a client: clients are counted whatever their email.
 */
export function MemberWaitingChip({ member }: { member: Pick<Member, 'emailVerified' | 'kind'> }) {
  const { t } = useTranslation();
  if (member.emailVerified || member.kind !== 'customer') return null;
  return (
    <Tooltip title={t('establishmentPage.members.pendingHint')}>
      <Chip
        size="small"
        variant="outlined"
        // The warning is in the icon and the border: orange label text fails contrast on light paper.
        icon={<HourglassEmptyOutlined color="warning" />}
        sx={{ borderColor: 'warning.main' }}
        label={t('establishmentPage.members.pending')}
      />
    </Tooltip>
  );
}

/** "Discounted prices": the member gets discounted prices on all products (set by an admin). */
export function MemberDiscountChip({ member }: { member: Pick<Member, 'discountedPrices'> }) {
  const { t } = useTranslation();
  if (!member.discountedPrices) return null;
  return (
    <Tooltip title={t('establishmentPage.members.discountedHint')}>
      <Chip
        size="small"
        variant="outlined"
        color="success"
        icon={<LocalOfferOutlined />}
        label={t('establishmentPage.members.discounted')}
      />
    </Tooltip>
  );
}
