import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
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
