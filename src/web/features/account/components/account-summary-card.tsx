import { Box, Card, CardContent, Chip, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { User } from '../../../../shared/schemas/account.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';

/** Read-only facts about the account: email verification, role, member since, email language. */
export function AccountSummaryCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const memberSince = format.date(user.createdAt, { style: 'long' });

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('accountPage.summary.title')}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label={t('accountPage.summary.email')}>
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography dir="ltr" sx={{ wordBreak: 'break-word', textAlign: 'start' }}>
                {user.email}
              </Typography>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Chip
                  size="small"
                  color={user.emailVerified ? 'success' : 'warning'}
                  label={t(
                    user.emailVerified ? 'accountPage.summary.verified' : 'accountPage.summary.notVerified',
                  )}
                />
                {!user.emailVerified && (
                  <Link component={RouterLink} to="/waiting">
                    {t('accountPage.summary.verifyLink')}
                  </Link>
                )}
              </Stack>
            </Stack>
          </Row>
          <Row label={t('accountPage.summary.role')}>
            <Typography>{t(`accountPage.roles.${user.role}`)}</Typography>
          </Row>
          {user.discountedPrices && (
            <Row label={t('people.account.prices')}>
              <Chip
                size="small"
                color="secondary"
                label={t('people.account.discounted')}
                sx={{ height: 'auto', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal' } }}
              />
            </Row>
          )}
          <Row label={t('accountPage.summary.memberSince')}>
            <Typography>
              <time dateTime={user.createdAt} dir="auto">
                {memberSince}
              </time>
            </Typography>
          </Row>
          <Row label={t('accountPage.summary.emailLanguage')}>
            <Typography>{format.languageLabel(user.language)}</Typography>
          </Row>
          <Row label={t('accountPage.summary.marketing')} last>
            <Typography>
              {t(
                user.marketingConsent
                  ? 'accountPage.summary.marketingOn'
                  : 'accountPage.summary.marketingOff',
              )}
            </Typography>
          </Row>
        </Box>
      </CardContent>
    </Card>
  );
}

/** One label/value pair of the summary; side by side on wide screens, stacked on phones. */
function Row({ label, children, last }: { label: string; children: ReactNode; last?: boolean }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
        gap: { xs: 0.5, sm: 2 },
        py: 1.5,
        borderBottom: last ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <Typography component="dt" color="textSecondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Box>
    </Box>
  );
}
