import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import { Box, Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The product's mark and name, as a link (to /redirect in the app, /home on public pages). */
export function ProductLogo({ to, hideNameOnPhones = false }: { to: string; hideNameOnPhones?: boolean }) {
  const { t } = useTranslation();
  const name = t('appName');
  return (
    <Link
      component={RouterLink}
      to={to}
      color="inherit"
      underline="none"
      aria-label={hideNameOnPhones ? name : undefined}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, borderRadius: 2, minWidth: 0 }}
    >
      <Box
        aria-hidden
        sx={{
          width: 34,
          height: 34,
          flexShrink: 0,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          color: 'primary.contrastText',
          background: (theme) =>
            `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
        }}
      >
        <CampaignOutlinedIcon fontSize="small" />
      </Box>
      <Box
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: '1.15rem',
          letterSpacing: '-0.01em',
          display: hideNameOnPhones ? { xs: 'none', sm: 'inline' } : 'inline',
        }}
      >
        {name}
      </Box>
    </Link>
  );
}
