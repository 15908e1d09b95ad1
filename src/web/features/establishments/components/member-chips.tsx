import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import { Chip, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../shared/schemas/establishment.schema';

/**
 * "Waiting for confirmation": a member whose email is not confirmed yet, listed but neither counted
 * nor sent notifications until they confirm. Nothing for a confirmed member.
 */
export function MemberWaitingChip({ member }: { member: Pick<Member, 'emailVerified'> }) {
  const { t } = useTranslation();
  if (member.emailVerified) return null;
  return (
    <Tooltip title={t('establishmentPage.members.pendingHint')}>
      <Chip
        size="small"
        variant="outlined"
        color="warning"
        icon={<HourglassEmptyOutlined />}
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
