import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import DynamicFeedOutlinedIcon from '@mui/icons-material/DynamicFeedOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import PeopleOutlinedIcon from '@mui/icons-material/PeopleOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import StoreMallDirectoryOutlinedIcon from '@mui/icons-material/StoreMallDirectoryOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import type { ReactNode } from 'react';
import { mayHold } from '../../shared/permissions';
import type { User } from '../../shared/schemas/account.schema';
import { useInboxUnread, useMyConversations } from '../features/conversations/api/conversations.api';
import { useSession } from '../lib/session';
import { useCan } from '../lib/use-can';

export interface NavItem {
  /** Translation key (common) of the link's label. */
  label: string;
  to: string;
  icon: ReactNode;
  /** Other path prefixes under which this link counts as the current page. */
  also?: string[];
  /** A count beside the label (unread conversations); none when 0. */
  badge?: number;
}

export interface NavSection {
  /** Translation key (common) of the section's title. */
  title: string;
  items: NavItem[];
}

/**
 * Where the Establishments link goes: one establishment straight to it, several (or admin) to the
 * list. "My establishment" is for who operates it; a follower's is labelled as followed.
 */
const establishmentsItem = (user: User, isAdmin: boolean): NavItem | null => {
  const ids = [...new Set(user.establishments.map((m) => m.establishmentId))];
  const operates = isAdmin || user.establishments.some((m) => m.kind === 'client');
  if (ids.length === 1 && !isAdmin)
    return {
      label: operates ? 'layout.nav.myEstablishment' : 'layout.nav.followedEstablishment',
      to: `/app/establishment/${encodeURIComponent(ids[0]!)}`,
      icon: <StorefrontOutlinedIcon />,
    };
  if (ids.length === 0 && !isAdmin) return null;
  return {
    label: operates ? 'layout.nav.myEstablishments' : 'layout.nav.followedEstablishments',
    to: '/app/myestablishments',
    icon: <StorefrontOutlinedIcon />,
    also: ['/app/establishment'],
  };
};

/** The sidebar's sections, each only when can() gives the user its right (spec section 2, Sidebar). */
export function useNavSections(): NavSection[] {
  const { user } = useSession();
  const can = useCan();
  // The business's inbox and the follower's messages, with their unread counts.
  const operated = [
    ...new Set(user?.establishments.filter((m) => m.kind === 'client').map((m) => m.establishmentId)),
  ];
  const inboxOf =
    operated.length === 1 && user && can('conversation:manage', { establishmentId: operated[0] })
      ? operated[0]!
      : null;
  const follows = user?.establishments.some((m) => m.kind === 'customer') ?? false;
  const inboxUnread = useInboxUnread(inboxOf).data?.unread ?? 0;
  const myUnread = useMyConversations('all', follows).data?.unread ?? 0;
  if (!user) return [];
  const isAdmin = can('user:admin');
  const sections: NavSection[] = [];

  if (can('user:representant'))
    sections.push({
      title: 'layout.sections.representant',
      items: [
        {
          label: 'layout.nav.representant',
          to: '/app/reports/representant',
          icon: <AssessmentOutlinedIcon />,
        },
      ],
    });

  // Whoever could manage an establishment (or the platform) has figures to read; the page picks whose.
  if (mayHold(user, 'report:read'))
    sections.push({
      title: 'layout.sections.reports',
      items: [
        { label: 'layout.nav.dashboard', to: '/app/reports/dashboard', icon: <InsightsOutlinedIcon /> },
      ],
    });

  // Followers read every business they follow in one feed, newest first.
  const feed: NavItem | null = user.establishments.some((m) => m.kind === 'customer')
    ? { label: 'layout.nav.feed', to: '/app/social/feed', icon: <DynamicFeedOutlinedIcon /> }
    : null;
  const establishments = can('hasEstablishment') ? establishmentsItem(user, isAdmin) : null;
  const inbox: NavItem | null = inboxOf
    ? {
        label: 'conversations.nav.inbox',
        to: `/app/establishment/${encodeURIComponent(inboxOf)}/inbox`,
        icon: <InboxOutlinedIcon />,
        badge: inboxUnread,
      }
    : null;
  const messages: NavItem | null = follows
    ? {
        label: 'conversations.nav.messages',
        to: '/app/messages',
        icon: <ForumOutlinedIcon />,
        badge: myUnread,
      }
    : null;
  const items = [feed, messages, establishments, inbox].filter((item): item is NavItem => item !== null);
  if (items.length > 0) sections.push({ title: 'layout.sections.establishments', items });

  sections.push({
    title: 'layout.sections.personal',
    items: [{ label: 'nav.account', to: '/app/account', icon: <AccountCircleOutlinedIcon /> }],
  });

  if (isAdmin) {
    const admin: (NavItem | false)[] = [
      { label: 'layout.nav.customers', to: '/app/management/customers', icon: <PeopleOutlinedIcon /> },
      { label: 'layout.nav.users', to: '/app/management/users', icon: <PeopleAltOutlinedIcon /> },
      { label: 'layout.nav.clients', to: '/app/management/clients', icon: <BadgeOutlinedIcon /> },
      {
        label: 'layout.nav.adminEstablishments',
        to: '/app/management/establishment',
        icon: <StoreMallDirectoryOutlinedIcon />,
      },
      can('preference:manage') && {
        label: 'layout.nav.preferences',
        to: '/app/management/preferences',
        icon: <TuneOutlinedIcon />,
      },
      can('preference:manage') && {
        label: 'layout.nav.preferenceGroups',
        to: '/app/management/preference-groups',
        icon: <CategoryOutlinedIcon />,
      },
      can('auditLog:read') && {
        label: 'layout.nav.auditLog',
        to: '/app/management/audit-log',
        icon: <HistoryOutlinedIcon />,
      },
      can('user:admin') && {
        label: 'layout.nav.emailHealth',
        to: '/app/management/email-health',
        icon: <MarkEmailReadOutlinedIcon />,
      },
      can('signInProvider:manage') && {
        label: 'layout.nav.signInProvider',
        to: '/app/management/sign-in-provider',
        icon: <KeyOutlinedIcon />,
      },
      {
        label: 'layout.nav.addUser',
        to: '/app/management/establishment/adduser',
        icon: <PersonAddAltOutlinedIcon />,
      },
      {
        label: 'layout.nav.addClient',
        to: '/app/management/establishment/addclient',
        icon: <GroupAddOutlinedIcon />,
      },
    ];
    sections.push({
      title: 'layout.sections.admin',
      items: admin.filter((item): item is NavItem => item !== false),
    });
  }
  return sections;
}

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The link that matches the path best: the one with the longest prefix that is the path or a parent of it. */
export function activeLink(sections: NavSection[], pathname: string): string | null {
  let best: { to: string; length: number } | null = null;
  for (const { items } of sections)
    for (const { to, also = [] } of items)
      for (const prefix of [to, ...also])
        if (under(pathname, prefix) && prefix.length > (best?.length ?? 0))
          best = { to, length: prefix.length };
  return best?.to ?? null;
}
