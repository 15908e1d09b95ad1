import { Box, Stack, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccountHeader } from '../../../features/account/components/account-header';
import { BirthdayCard } from '../../../features/account/components/birthday-card';
import { GeneralTab } from '../../../features/account/components/general-tab';
import { OperatorNoticesCard } from '../../../features/account/components/operator-notices-card';
import { ProfileTab } from '../../../features/account/components/profile-tab';
import { QuietHoursCard } from '../../../features/account/components/quiet-hours-card';
import { SecurityTab } from '../../../features/account/components/security-tab';
import { TimeZoneCard } from '../../../features/account/components/time-zone-card';
import { DownloadMyDataCard } from '../../../features/exports/components/download-my-data-card';
import { YourBusinessesCard } from '../../../features/notify/components/your-businesses-card';
import { MyInterestsCard } from '../../../features/preferences/components/my-interests-card';
import { useSession } from '../../../lib/session';
import { GuestAccount } from './guest-account';

const TABS = ['general', 'profile', 'security'] as const;
type TabName = (typeof TABS)[number];
const isTab = (value: string | null): value is TabName => TABS.includes(value as TabName);

/** /app/account: account settings in tabs (general, profile, security), the tab kept in `?tab=`. */
export function AccountPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabName = isTab(requested) ? requested : 'general';
  // The guard only renders this page for a signed-in user; null covers the instant the session ends.
  if (!user) return null;
  // A guest follower has no name, email, password or profile: the offer of an email instead.
  if (user.guest) return <GuestAccount />;

  const selectTab = (next: TabName) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'general') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }}>
      <AccountHeader user={user} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_, next: TabName) => selectTab(next)}
          aria-label={t('accountPage.tabsLabel')}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          {TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`accountPage.tabs.${name}`)}
              id={`account-tab-${name}`}
              aria-controls={`account-tabpanel-${name}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`account-tabpanel-${tab}`} aria-labelledby={`account-tab-${tab}`}>
        {tab === 'general' && (
          <Stack spacing={3}>
            <GeneralTab user={user} />
            <YourBusinessesCard />
            <MyInterestsCard />
            <QuietHoursCard />
            <TimeZoneCard />
            <BirthdayCard />
            <OperatorNoticesCard />
            <DownloadMyDataCard />
          </Stack>
        )}
        {tab === 'profile' && <ProfileTab user={user} />}
        {tab === 'security' && <SecurityTab />}
      </Box>
    </Stack>
  );
}
