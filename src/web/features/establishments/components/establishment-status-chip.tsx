import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { EstablishmentState } from '../../../../shared/schemas/establishment.schema';

const COLOR: Record<EstablishmentState, ChipProps['color']> = {
  active: 'success',
  inactive: 'default',
  blocked: 'error',
  deleted: 'default',
};

/** The establishment's state (spec section 4) as a small coloured chip. */
export function EstablishmentStatusChip({
  status,
  size = 'small',
}: {
  status: EstablishmentState;
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation();
  return (
    <Chip
      label={t(`management.status.${status}`)}
      color={COLOR[status]}
      variant={status === 'active' ? 'filled' : 'outlined'}
      size={size}
    />
  );
}
