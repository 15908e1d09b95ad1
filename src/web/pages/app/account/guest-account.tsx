import PhonelinkRingOutlined from '@mui/icons-material/PhonelinkRingOutlined';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BirthdayCard } from '../../../features/account/components/birthday-card';
import { QuietHoursCard } from '../../../features/account/components/quiet-hours-card';
import { TimeZoneCard } from '../../../features/account/components/time-zone-card';
import { YourBusinessesCard } from '../../../features/notify/components/your-businesses-card';

/**
 * The account page of a guest follower (this device, no account): no name, email, password or
 * profile to show, so it says so and offers an email instead; the followed businesses, how their
 * news arrives, unfollow, quiet hours, the time zone and the birthday work as for any follower.
 */
export function GuestAccount() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }}>
      <Card variant="outlined" component="section" aria-labelledby={titleId}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <PhonelinkRingOutlined color="primary" aria-hidden sx={{ mt: 0.5 }} />
            <Stack spacing={1.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
              <Typography id={titleId} variant="h6" component="h1">
                {t('guestFollow.accountTitle')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('guestFollow.accountText')}
              </Typography>
              <Button component={RouterLink} to="/register" variant="contained">
                {t('guestFollow.addEmail')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <YourBusinessesCard />
      <QuietHoursCard />
      <TimeZoneCard />
      <BirthdayCard />
    </Stack>
  );
}
