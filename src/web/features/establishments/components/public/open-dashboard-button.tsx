import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import { Button, type SxProps, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** For the establishment's operators (and admins): the way from its public pages to its dashboard. */
export function OpenDashboardButton({
  establishmentId,
  sx,
}: {
  establishmentId: string;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  return (
    <Button
      component={RouterLink}
      to={`/app/establishment/${establishmentId}`}
      variant="contained"
      size="large"
      startIcon={<DashboardOutlined />}
      sx={sx}
    >
      {t('publicPage.openDashboard')}
    </Button>
  );
}
