import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import {
  Box,
  Button,
  Card,
  Skeleton,
  Stack,
  type SxProps,
  Tab,
  Tabs,
  type Theme,
  useMediaQuery,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { EstablishmentView } from '../../../../shared/schemas/establishment.schema';
import { EmptyState } from '../../../components/empty-state';
import { NotAllowed } from '../../../components/not-allowed';
import { RetryAlert } from '../../../components/retry-alert';
import { AutomationsTab } from '../../../features/automations/components/automations-tab';
import { MutedCommentersCard } from '../../../features/comments/components/muted-commenters-card';
import { EstablishmentHeader } from '../../../features/establishments/components/establishment-header';
import { GalleryTab } from '../../../features/establishments/components/gallery-tab';
import { MembersTab } from '../../../features/establishments/components/members-tab';
import { OperatorInvitationsCard } from '../../../features/establishments/components/operator-invitations-card';
import { ProfileTab } from '../../../features/establishments/components/profile-tab';
import { ShareTab } from '../../../features/establishments/components/share-tab';
import { ExportMenu } from '../../../features/exports/components/export-menu';
import { IntegrationsTab } from '../../../features/integrations/components/integrations-tab';
import { PushReachChip } from '../../../features/notifications/components/push-reach';
import { NotifyChoiceBar } from '../../../features/notify/components/notify-choice-bar';
import { useEstablishment } from '../../../lib/api/establishments.api';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useCan } from '../../../lib/use-can';
import { FeedTab } from './feed-tab';

const TABS = ['feed', 'profile', 'gallery', 'share', 'members', 'automations', 'integrations'] as const;
type TabName = (typeof TABS)[number];

/**
 * Below md (a phone, a small tablet) the tabs wrap onto more lines instead of scrolling, so every one
 * shows: 6-7 of them do not fit 360-390 px, and a scroll arrow hid the last ones. The
 * sliding indicator cannot follow a wrapped tab, so the selected one is underlined itself.
 */
const WRAPPED_TABS: SxProps<Theme> = {
  '& .MuiTabs-list': { flexWrap: 'wrap' },
  '& .MuiTabs-indicator': { display: 'none' },
  '& .MuiTab-root': { minWidth: 0, px: 1.5 },
  '& .MuiTab-root.Mui-selected': { boxShadow: (theme) => `inset 0 -2px 0 ${theme.palette.primary.main}` },
};

/**
 * Which tabs this user gets, and whether they may change things, for this establishment. Only the
 * operator view carries what the managing tabs need; a follower's view gets the feed.
 */
function useAccess(establishment: EstablishmentView | undefined) {
  const can = useCan();
  if (!establishment)
    return {
      tabs: ['feed'] as TabName[],
      locked: true,
      canPost: false,
      canExportFollowers: false,
      canInvite: false,
      canMute: false,
      canCreateKey: false,
      canCreateWebhook: false,
      choosesNews: false,
    };
  const registeredById = establishment.audience === 'operator' ? establishment.registeredById : null;
  const resource = { establishmentId: establishment.id, registeredById };
  // Its operators keep the profile and gallery tabs while it is blocked, read-only (locked below).
  const canEdit = can('establishment:edit', resource);
  // The representative who registered it may look after it (share, members) but not edit it.
  const manages = can('establishment:manage', resource);
  const tabs = TABS.filter((tab) => {
    if (establishment.audience !== 'operator') return tab === 'feed';
    if (tab === 'profile' || tab === 'gallery') return canEdit;
    if (tab === 'share' || tab === 'members') return manages;
    // Automations send for it: whoever may send (read-only while it is blocked, as canPost says).
    if (tab === 'automations') return can('notificationPost:create', resource);
    // Webhooks and API keys: who may manage either (can(): webhook:manage, apiKey:manage).
    if (tab === 'integrations') return can('webhook:manage', resource) || can('apiKey:manage', resource);
    return true;
  });
  return {
    tabs,
    // A blocked establishment is read-only for its operators; only an admin may still change it.
    locked: establishment.blocked && !can('establishment:edit', { ...resource, blocked: true }),
    canPost: can('notificationPost:create', resource) && !establishment.blocked,
    canExportFollowers: can('followers:export', resource),
    // Inviting colleagues to operate it, and who is muted in its comments.
    canInvite: can('operator:invite', resource),
    canMute: can('comment:mute', resource),
    // A blocked business gets no new API key or webhook (admins aside); what it has stays listed.
    canCreateKey: can('apiKey:create', { ...resource, blocked: establishment.blocked }),
    canCreateWebhook: can('webhook:create', { ...resource, blocked: establishment.blocked }),
    // A follower chooses how its news reaches them (phone, email, feed only, paused) on its page too.
    choosesNews:
      establishment.audience === 'follower' &&
      can('customerEstablishment', { establishmentId: establishment.id }),
  };
}

/** /app/establishment/{id}: the establishment's page for its operators (a follower sees its feed). */
export function EstablishmentPage() {
  const { t } = useTranslation();
  const { establishmentId } = useParams();
  const query = useEstablishment(establishmentId);
  const establishment = query.data;
  const access = useAccess(establishment);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as TabName | null;
  const tab: TabName = requested && access.tabs.includes(requested) ? requested : 'feed';
  const wrapTabs = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 403) return <NotAllowed />;
    if (status === 404) return <EstablishmentNotFound />;
    return (
      <RetryAlert retryLabel={t('establishmentPage.retry')} onRetry={query.refetch}>
        {apiErrorText(t, query.error)}
      </RetryAlert>
    );
  }
  if (!establishment) return <PageSkeleton />;

  const selectTab = (next: TabName) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'feed') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <Stack spacing={3}>
      <EstablishmentHeader
        establishment={establishment}
        locked={access.locked}
        reach={access.canPost ? <PushReachChip establishmentId={establishment.id} /> : undefined}
      />
      {access.choosesNews && <NotifyChoiceBar establishmentId={establishment.id} />}
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_, next: TabName) => selectTab(next)}
          aria-label={t('establishmentPage.tabsLabel')}
          variant={wrapTabs ? 'standard' : 'scrollable'}
          scrollButtons={wrapTabs ? false : 'auto'}
          allowScrollButtonsMobile={!wrapTabs}
          sx={wrapTabs ? WRAPPED_TABS : undefined}
        >
          {access.tabs.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`establishmentPage.tabs.${name}`)}
              id={`establishment-tab-${name}`}
              aria-controls={`establishment-tabpanel-${name}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`establishment-tabpanel-${tab}`} aria-labelledby={`establishment-tab-${tab}`}>
        {tab === 'feed' && <FeedTab establishment={establishment} canPost={access.canPost} />}
        {establishment.audience === 'operator' && (
          <>
            {tab === 'profile' && <ProfileTab establishment={establishment} locked={access.locked} />}
            {tab === 'gallery' && <GalleryTab establishment={establishment} locked={access.locked} />}
            {tab === 'share' && <ShareTab establishment={establishment} />}
            {tab === 'automations' && (
              <AutomationsTab establishmentId={establishment.id} locked={!access.canPost} />
            )}
            {tab === 'integrations' && (
              <IntegrationsTab
                establishmentId={establishment.id}
                canCreateKey={access.canCreateKey}
                canCreateWebhook={access.canCreateWebhook}
              />
            )}
            {tab === 'members' && (
              <Stack spacing={3}>
                <MembersTab
                  establishment={establishment}
                  actions={
                    access.canExportFollowers && (
                      <ExportMenu
                        kind="followers"
                        query={{ establishmentId: establishment.id }}
                        label={t('exports.followers')}
                        size="small"
                      />
                    )
                  }
                />
                {access.canInvite && <OperatorInvitationsCard establishmentId={establishment.id} />}
                {access.canMute && <MutedCommentersCard establishmentId={establishment.id} />}
              </Stack>
            )}
          </>
        )}
      </Box>
    </Stack>
  );
}

/** 404: the establishment does not exist or was deleted. */
function EstablishmentNotFound() {
  const { t } = useTranslation();
  return (
    <Card variant="outlined">
      <EmptyState
        icon={<SearchOffOutlinedIcon />}
        title={t('establishmentPage.notFound.title')}
        text={t('establishmentPage.notFound.text')}
        action={
          <Button variant="contained" component={RouterLink} to="/redirect" sx={{ mt: 1 }}>
            {t('establishmentPage.notFound.back')}
          </Button>
        }
      />
    </Card>
  );
}

/** The page's shape while the establishment loads. */
function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} role="status" aria-busy="true" aria-label={t('establishmentPage.loading')}>
      <Card variant="outlined">
        <Skeleton variant="rectangular" sx={{ height: { xs: 112, sm: 176 } }} />
        <Box
          sx={{ display: 'flex', gap: 2, px: { xs: 2, sm: 3 }, pb: { xs: 2, sm: 3 }, alignItems: 'flex-end' }}
        >
          <Skeleton
            variant="rounded"
            sx={{
              width: { xs: 80, sm: 112 },
              height: { xs: 80, sm: 112 },
              mt: { xs: -5, sm: -7 },
              flexShrink: 0,
            }}
          />
          <Box sx={{ flexGrow: 1 }}>
            <Skeleton variant="text" sx={{ fontSize: 32, maxWidth: 320 }} />
            <Skeleton variant="text" sx={{ maxWidth: 240 }} />
          </Box>
        </Box>
      </Card>
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={240} />
    </Stack>
  );
}
