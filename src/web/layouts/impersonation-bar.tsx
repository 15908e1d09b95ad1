import SupervisorAccountOutlinedIcon from '@mui/icons-material/SupervisorAccountOutlined';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { fullNameOf } from '../components/user-menu';
import { useSession } from '../lib/session';

/** A thin bar above the page while an admin acts as this user ("log in as", DESIGN section 4). */
export function ImpersonationBar() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user?.impersonatedBy) return null;
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: { xs: 2, sm: 3 },
        py: 0.75,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
      }}
    >
      <SupervisorAccountOutlinedIcon fontSize="small" />
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {t('layout.impersonating', { name: fullNameOf(user), email: user.email })}
      </Typography>
    </Box>
  );
}
