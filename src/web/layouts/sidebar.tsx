import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Chip,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  type Theme,
  Typography,
} from '@mui/material';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { fullNameOf, UserAvatar } from '../components/user-menu';
import { useSession } from '../lib/session';
import { SIDEBAR_WIDTH, TOP_BAR_HEIGHT } from './frame-sizes';
import { ProductLogo } from './product-logo';
import { activeLink, type NavSection, useNavSections } from './sidebar-sections';
import { Support } from './sidebar-support';
import { useOverflowEdges } from './use-overflow-edges';

export { SIDEBAR_WIDTH };

const paperSx = (theme: Theme) => ({
  width: SIDEBAR_WIDTH,
  background: theme.palette.sidebar.background,
  color: theme.palette.sidebar.text,
  borderColor: theme.palette.sidebar.divider,
});

/**
 * The signed-in area's sidebar: permanent from md up, below the top bar; on phones a drawer that
 * `mobileOpen` opens and that closes itself on navigation.
 */
export function Sidebar({ mobileOpen, onMobileClose }: { mobileOpen: boolean; onMobileClose(): void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const closeRef = useRef(onMobileClose);
  closeRef.current = onMobileClose;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a route change is the trigger
  useEffect(() => {
    closeRef.current();
  }, [pathname]);

  return (
    <Box sx={{ width: { md: SIDEBAR_WIDTH }, flexShrink: { md: 0 } }}>
      <Drawer
        variant="temporary"
        anchor="left"
        open={mobileOpen}
        onClose={onMobileClose}
        sx={{ display: { xs: 'block', md: 'none' } }}
        slotProps={{ paper: { sx: paperSx, 'aria-label': t('layout.sidebar') } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', minHeight: TOP_BAR_HEIGHT, px: 2, gap: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <ProductLogo to="/redirect" />
          </Box>
          <CloseButton onClick={onMobileClose} />
        </Stack>
        <Divider sx={{ borderColor: 'sidebar.divider' }} />
        <SidebarContent />
      </Drawer>
      <Drawer
        variant="permanent"
        anchor="left"
        open
        sx={{ display: { xs: 'none', md: 'block' } }}
        slotProps={{
          paper: {
            component: 'aside',
            'aria-label': t('layout.sidebar'),
            sx: (theme: Theme) => ({
              ...paperSx(theme),
              top: TOP_BAR_HEIGHT,
              height: `calc(100% - ${TOP_BAR_HEIGHT}px)`,
            }),
          },
        }}
      >
        <SidebarContent />
      </Drawer>
    </Box>
  );
}

function CloseButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <IconButton aria-label={t('layout.closeMenu')} onClick={onClick} sx={{ color: 'sidebar.textSecondary' }}>
      <CloseIcon />
    </IconButton>
  );
}

/** How far the links fade out at an edge beyond which more of them wait. */
const FADE = 56;

function SidebarContent() {
  const { t } = useTranslation();
  const sections = useNavSections();
  const { pathname } = useLocation();
  const active = activeLink(sections, pathname);
  const scroller = useRef<HTMLDivElement>(null);
  const { above, below } = useOverflowEdges(scroller);
  // The content fades out at an edge with more beyond it (the support contact below a short
  // window): a cue to scroll that works on every theme's background, gradients included.
  const fade = `linear-gradient(to bottom, transparent, #000 ${above ? FADE / 2 : 0}px, #000 calc(100% - ${below ? FADE : 0}px), transparent)`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}>
      <Box
        ref={scroller}
        data-more-above={above}
        data-more-below={below}
        sx={{
          flexGrow: 1,
          minHeight: 0,
          overflowY: 'auto',
          // A link reached with Tab scrolls clear of the faded edges.
          scrollPaddingBlock: `${FADE / 2}px ${FADE}px`,
          ...((above || below) && { maskImage: fade, WebkitMaskImage: fade }),
        }}
      >
        {/*
          The support contact sits at the bottom while everything fits, and after the last link
          when not: pinned below a long list (an admin's at 1280x800) it hid six links.
        */}
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
          <Profile />
          <Divider sx={{ borderColor: 'sidebar.divider', mx: 2 }} />
          <Box component="nav" aria-label={t('layout.navigation')} sx={{ px: 1, py: 1 }}>
            {sections.map((section) => (
              <Section key={section.title} section={section} active={active} />
            ))}
          </Box>
          <Box sx={{ mt: 'auto' }}>
            <Support />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

/**
 * A window too short for an admin's links at their roomy spacing (a 1280x800 laptop): the profile,
 * section titles and links close up, so that every link shows without scrolling.
 */
const SHORT = '@media (max-height: 1079px)';

function Profile() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', px: 2.5, py: 2.5, [SHORT]: { py: 1.25 } }}
    >
      <UserAvatar
        user={user}
        size={48}
        sx={{
          boxShadow: (theme) => `0 0 0 3px ${theme.palette.sidebar.divider}`,
          [SHORT]: { width: 36, height: 36, fontSize: 14 },
        }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography
          sx={{ fontWeight: 600, color: 'sidebar.text', overflowWrap: 'anywhere', lineHeight: 1.3 }}
        >
          {fullNameOf(user)}
        </Typography>
        {user.bio && (
          <Typography
            variant="body2"
            sx={{
              color: 'sidebar.textSecondary',
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {user.bio}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

function Section({ section, active }: { section: NavSection; active: string | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box sx={{ pt: 0.75, [SHORT]: { pt: 0.25 } }}>
      <Typography
        id={headingId}
        component="h2"
        variant="overline"
        sx={{
          display: 'block',
          color: 'sidebar.sectionTitle',
          fontSize: '0.7rem',
          lineHeight: 2.25,
          px: 1.5,
          [SHORT]: { lineHeight: 2 },
        }}
      >
        {t(section.title)}
      </Typography>
      <List aria-labelledby={headingId} dense disablePadding sx={{ pb: 1, [SHORT]: { pb: 0.5 } }}>
        {section.items.map((item) => {
          const selected = item.to === active;
          return (
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={item.to}
                selected={selected}
                aria-current={selected ? 'page' : undefined}
                sx={(theme) => ({
                  mb: 0.25,
                  py: 0.75,
                  [SHORT]: { py: 0.25 },
                  px: 1.5,
                  color: 'sidebar.text',
                  '& .MuiListItemIcon-root': { color: 'sidebar.textSecondary' },
                  '&:hover': { background: theme.palette.sidebar.hover },
                  '&.Mui-selected, &.Mui-selected:hover, &.Mui-selected.Mui-focusVisible': {
                    background: theme.palette.sidebar.activeBackground,
                    color: 'sidebar.activeText',
                    '& .MuiListItemIcon-root': { color: 'sidebar.activeText' },
                  },
                })}
              >
                <ListItemIcon>{item.icon}</ListItemIcon>
                <ListItemText
                  primary={t(item.label)}
                  sx={{ [SHORT]: { my: 0.25 } }}
                  slotProps={{ primary: { sx: { fontWeight: selected ? 600 : 500, fontSize: '0.9rem' } } }}
                />
                {item.badge ? (
                  <Chip
                    size="small"
                    color="primary"
                    label={item.badge}
                    aria-label={t('conversations.nav.unread', { count: item.badge })}
                  />
                ) : null}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
