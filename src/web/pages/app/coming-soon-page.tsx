import { Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';

/** A registered route whose screen arrives with a later issue. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return (
    <Card>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('account.signedInAs', { name })}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('comingSoon')}</Typography>
      </CardContent>
    </Card>
  );
}
